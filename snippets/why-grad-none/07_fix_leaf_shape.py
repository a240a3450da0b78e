# zh: 改法 1：直接创建所需形状的
# zh: 叶子张量
# en: Fix 1: create the leaf with the
# en: shape you want
x = torch.tensor([[2., 1.]],
                 requires_grad=True)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
torch.mm(x, y).backward(
    torch.tensor([[1., 0.]]))
print(x.is_leaf, x.grad)
