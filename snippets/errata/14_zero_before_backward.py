x = torch.arange(4.0,
                 requires_grad=True)
print(x.grad)
x.grad.zero_()
