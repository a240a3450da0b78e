w = torch.tensor([1., 2.], requires_grad=True)
print(w.grad)                    # no backward yet
w.grad.zero_()
