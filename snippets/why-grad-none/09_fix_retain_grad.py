# zh: 改法 3：保留非叶子张量，
# zh: 但让 autograd 保存它的梯度
# en: Fix 3: keep the non-leaf, but ask
# en: autograd to keep its gradient
x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
x.retain_grad()
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
torch.mm(x, y).backward(
    torch.tensor([[1., 0.]]))
print(x.is_leaf, x.grad)
