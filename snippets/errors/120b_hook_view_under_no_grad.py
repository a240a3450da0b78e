x = torch.tensor([1., 2.],
                 requires_grad=True)
with torch.no_grad():
    # zh: 运算的结果：不需要梯度
    # en: an operation's result: no
    # en: grad
    r = x * 2
    # zh: 视图：仍然需要梯度
    # en: a view: still requires grad
    v = x[:]
print(r.requires_grad,
      v.requires_grad)
# zh: 注册成功，钩子却从不运行
# en: registered, yet the hook never
# en: runs
v.register_hook(
    lambda grad: print("hook:",
                       grad))
(v * 3).sum().backward()
print(v.grad, x.grad)
