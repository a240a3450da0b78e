# zh: 常见的错误“修复”：
# zh: 直接让 loss 本身需要梯度
# en: A common wrong "fix": turn on
# en: requires_grad for the loss itself
w = torch.tensor([1., 2.],
                 requires_grad=True)
with torch.no_grad():
    loss = (w * 3).sum()
# zh: 在 no_grad 下算出：
# zh: 它已经是叶子张量
# en: computed under no_grad:
# en: already a leaf
print(loss.is_leaf,
      loss.requires_grad)
loss.requires_grad_(True)
# zh: 不再报错……
# en: no error any more ...
loss.backward()
# zh: ……但 loss 仍是叶子张量，
# zh: w 得不到梯度
# en: ... but loss is still a leaf,
# en: w gets nothing
print(loss.is_leaf, w.grad)
