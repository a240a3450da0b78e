import torch

# zh: x 是视图
# en: x: the view
x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
(x * x).sum().backward()
print(x.is_leaf,
      type(x.grad_fn).__name__)
print(x.grad)
