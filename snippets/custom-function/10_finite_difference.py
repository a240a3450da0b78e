# zh: gradcheck 的数值导数：
# zh: (f(x+eps) - f(x-eps)) / (2 eps)，
# zh: eps 默认 1e-6
# en: gradcheck's numerical
# en: derivative:
# en: (f(x+eps) - f(x-eps)) / (2 eps),
# en: eps 1e-6 by default
eps = 1e-6


def numerical(dtype):
    x = torch.tensor(1., dtype=dtype)
    d = ((x + eps).exp()
         - (x - eps).exp())
    q = (d / (2 * eps)).item()
    return round(q, 6)


def step(dtype):
    # zh: 实际的 2 eps
    # en: the 2 eps actually taken
    x = torch.tensor(1., dtype=dtype)
    h = (x + eps) - (x - eps)
    return f"{h.item():.4e}"


for dt in (torch.float32,
           torch.float64):
    print(numerical(dt), step(dt))
