x = torch.tensor([1., 2.], requires_grad=True)
h = (x * 2).detach()             # a new leaf, cut from the graph
print(h.is_leaf, h.requires_grad)
