x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2                        # shape [3]
y.backward(torch.ones(2))        # gradient must have y's shape
