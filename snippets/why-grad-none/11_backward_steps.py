# zh: 问题 (1) 的计算重做一遍，这次
# zh: 由 torch 记录反向传播的每一步
# en: Question (1) again, this time
# en: with torch recording each step
x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
v = torch.Tensor([[1., 0]])
names = {"x": x, "y": y, "z": z,
         "x._base": x._base}
# zh: 就是 z.backward(v)，外加记录
# en: z.backward(v), recorded
backward_steps(z, v, names=names)
