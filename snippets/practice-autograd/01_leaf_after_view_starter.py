import torch

# zh: 笔记问题 (1) 的原样代码：
# zh: x.grad 应为 [[1., 3.]]
# en: The notes' question (1) verbatim:
# en: x.grad should be [[1., 3.]]
x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]),
           retain_graph=True)
print(x.is_leaf,
      type(x.grad_fn).__name__)
print(x.grad)
print(y.grad)
