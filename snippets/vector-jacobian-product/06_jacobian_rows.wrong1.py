# zh: 如果两行之间不把 x.grad 清零
# en: if x.grad were not reset between the rows
x = torch.tensor([2., 3.],
                 requires_grad=True)
y = f(x)
J = torch.zeros(2, 2)
y.backward(torch.Tensor([[1, 0]]),
           retain_graph=True)
J[0] = x.grad
y.backward(torch.Tensor([[0, 1]]))
J[1] = x.grad
print(J)
