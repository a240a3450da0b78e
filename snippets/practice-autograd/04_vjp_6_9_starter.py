import torch


def f(x):
    # the notes' y, built element by element (shape [1, 2])
    y = torch.zeros(1, 2)
    y[0, 0] = x[0] ** 2 + 3 * x[1]
    y[0, 1] = x[1] ** 2 + 2 * x[0]
    return y


x = torch.tensor([2., 3.], requires_grad=True)
y = f(x)
y.backward(torch.tensor([[1., 1.]]))
print(x.grad)  # the notes: "obviously wrong"

# TODO: the Jacobian of y with respect to x at x = [2., 3.], worked out by hand:
# row i holds the partial derivatives of y[0, i] with respect to x[0] and x[1]
J = torch.zeros(2, 2)
v = torch.tensor([1., 1.])  # the gradient argument passed to backward() above
print(v @ J)
