import torch

x = torch.tensor([2, 3],
                 dtype=torch.float,
                 requires_grad=True)
J = torch.zeros(2, 2)
y = torch.zeros(1, 2)
y[0, 0] = x[0] ** 2 + 3 * x[1]
y[0, 1] = x[1] ** 2 + 2 * x[0]
y.backward(torch.Tensor([[1, 1]]))
print(x.grad)
