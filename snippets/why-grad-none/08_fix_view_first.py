# zh: 改法 2：先改形状，再让它需要梯度
# zh: （不需要梯度的张量的视图
# zh: 本身就是叶子张量）
# en: Fix 2: reshape first, then ask for
# en: gradients (the view of a tensor
# en: that does not require grad is
# en: itself a leaf)
x = (torch.tensor([2., 1.])
     .view(1, 2)
     .requires_grad_())
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
torch.mm(x, y).backward(
    torch.tensor([[1., 0.]]))
print(x.is_leaf, x.grad)
