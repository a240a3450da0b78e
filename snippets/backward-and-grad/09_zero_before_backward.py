x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
print(x.grad)
x.grad.zero_()
