a = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    v = a[:]  # a view made under no_grad
print(v.requires_grad, v.is_leaf, v.grad_fn)
v.mul_(2)  # modified in place with grad mode on
