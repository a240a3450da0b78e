import torch

x = torch.tensor([2., 3.],
                 requires_grad=True)
y = f(x)
y.backward(torch.tensor([[1., 1.]]))

# y0 = x0**2 + 3*x1
#   -> [2*x0, 3] = [4., 3.]
# y1 = x1**2 + 2*x0
#   -> [2, 2*x1] = [2., 6.]
J = torch.tensor([[4., 3.],
                  [2., 6.]])
v = torch.tensor([1., 1.])
print(J)
# zh: backward(v) 给出 v^T J：
# zh: J 各行之和，不是 J
# en: backward(v) gives v^T J: the sum
# en: of J's rows, not J
print(v @ J, x.grad)
