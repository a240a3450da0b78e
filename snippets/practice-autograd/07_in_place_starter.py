import torch

x = torch.tensor([0., 1., 2.], requires_grad=True)
y = x.exp()
y.add_(1)  # we want exp(x) + 1
out = y.sum()
try:
    out.backward()
    error = None
except RuntimeError as e:
    error = str(e).split(";")[0]  # the first part of the message
print(error)
print(x.grad)
