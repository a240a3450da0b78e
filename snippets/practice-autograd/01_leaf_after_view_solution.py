import torch

# zh: 直接创建 mm 需要的形状的叶子张量：
# zh: 没有 view，x 与计算图之间
# zh: 就没有别的运算
# en: Create the leaf with the shape
# en: mm needs: no view, so nothing
# en: comes between x and the graph
x = torch.tensor([[2., 1.]],
                 requires_grad=True)
# zh: （或者先改形状，再开启梯度追踪：
# zh: torch.tensor([2., 1.])
# zh:     .view(1, 2).requires_grad_()）
# en: (or reshape first, then turn
# en: gradients on:
# en: torch.tensor([2., 1.])
# en:     .view(1, 2).requires_grad_())
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]),
           retain_graph=True)
print(x.is_leaf, x.grad_fn)
print(x.grad)
print(y.grad)
