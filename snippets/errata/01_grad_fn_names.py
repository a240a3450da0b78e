import torch

x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True,
)
z = torch.mm(x, y)
print(f"z:{z}")
print(type(x.grad_fn).__name__,
      type(z.grad_fn).__name__)
