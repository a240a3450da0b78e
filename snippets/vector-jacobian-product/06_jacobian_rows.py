x = torch.tensor([2., 3.],
                 requires_grad=True)
y = f(x)
J = torch.zeros(2, 2)
y.backward(torch.Tensor([[1, 0]]),
           retain_graph=True)
J[0] = x.grad
# zh: 梯度会累加：两行之间要清零
# en: gradients accumulate: reset
# en: between rows
x.grad = torch.zeros_like(x.grad)
y.backward(torch.Tensor([[0, 1]]))
J[1] = x.grad
print(J)
J_rows = J
assert torch.equal(
    J_rows,
    torch.tensor([[4., 3.],
                  [2., 6.]]))
