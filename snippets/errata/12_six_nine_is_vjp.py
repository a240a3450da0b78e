x = torch.tensor([2, 3],
                 dtype=torch.float,
                 requires_grad=True)
y = torch.zeros(1, 2)
y[0, 0] = x[0] ** 2 + 3 * x[1]
y[0, 1] = x[1] ** 2 + 2 * x[0]
y.backward(torch.Tensor([[1, 1]]))
print(x.grad)


def f(x):
    return torch.stack([
        x[0] ** 2 + 3 * x[1],
        x[1] ** 2 + 2 * x[0],
    ])


J = (torch.autograd.functional
     .jacobian(f, x.detach()))
v = torch.tensor([1., 1.])
print(J)
print(v @ J)
assert torch.equal(x.grad, v @ J)
