# zh: 最大值 3 出现了两次
# en: the maximum 3 appears twice
t = torch.tensor([3., 1., 3.],
                 dtype=torch.float64,
                 requires_grad=True)
print("max()     ",
      grad_of(lambda t: t.max(), t))
print("amax()    ",
      grad_of(lambda t: t.amax(), t))
print("max(dim=0)",
      grad_of(lambda t: t.max(
          dim=0).values, t))
# zh: 最小值 1 出现了两次
# en: the minimum 1 appears twice
u = torch.tensor([1., 3., 1.],
                 dtype=torch.float64,
                 requires_grad=True)
print("min()     ",
      grad_of(lambda u: u.min(), u))
print("amin()    ",
      grad_of(lambda u: u.amin(), u))
print("min(dim=0)",
      grad_of(lambda u: u.min(
          dim=0).values, u))
