import torch

x = torch.tensor([0., 1., 2.], requires_grad=True)
y = x.exp()
y = y + 1  # a new tensor: the y that exp saved for backward stays untouched
out = y.sum()
try:
    out.backward()
    error = None
except RuntimeError as e:
    error = str(e).split(";")[0]
print(error)
print(out, x.grad)  # d/dx (exp(x) + 1) = exp(x)
