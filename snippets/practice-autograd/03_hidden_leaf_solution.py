import torch

x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]),
           retain_graph=True)

# zh: 写法 A：torch.tensor(...)
# zh: 创建的叶子张量就在图的下一步，
# zh: backward() 已经填好了它的梯度
# en: Way A: the leaf torch.tensor(...)
# en: created is one step down the graph,
# en: and backward() filled it
accumulate = (
    x.grad_fn.next_functions[0][0])
leaf = accumulate.variable
print(type(accumulate).__name__,
      leaf.is_leaf, leaf.grad)

# zh: 写法 B：直接向 autograd 要梯度
# zh: （retain_graph=True 保留了计算图）
# en: Way B: ask autograd directly for
# en: the gradient (retain_graph=True
# en: kept the graph)
x_grad, = torch.autograd.grad(
    z, x, torch.tensor([[1., 0.]]))
print(x_grad)
assert torch.equal(x_grad.reshape(2),
                   leaf.grad)
