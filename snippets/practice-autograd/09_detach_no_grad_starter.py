import torch

x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
# zh: TODO：值不变，
# zh: 但对 autograd 来说是常数
# en: TODO: same values, but a constant
# en: for autograd
u = x ** 2
z = (u * x).sum()
z.backward()
# zh: 这里是 3 * x**2；
# zh: u 是常数时应该等于 u
# en: 3 * x**2 here; with u a constant
# en: it should be u
print(x.grad)
