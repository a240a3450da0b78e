# zh: 手推公式，漏了平方求导的因子 2
# en: a hand-derived formula without
# en: the square's factor 2
per_sample = X * (X @ w - Y)[:, None]
