a = torch.tensor([1.0, 2.0],
                 requires_grad=True)
with torch.no_grad():
    # zh: 在 no_grad 下得到的视图
    # en: a view made under no_grad
    v = a[:]
print(v.requires_grad, v.is_leaf,
      v.grad_fn)
# zh: 在梯度模式开启时原地修改
# en: modified in place with grad
# en: mode on
v.mul_(2)
