x.grad = None
# zh: 先把不取的位置换成安全的值 1，
# zh: sqrt 就不会碰到 x <= 0
# en: first replace the positions not
# en: taken by a safe 1, so sqrt never
# en: sees x <= 0
safe = torch.where(x > 0, x, 1.)
y = torch.where(
    x > 0, torch.sqrt(safe), 0.)
print(y)
y.sum().backward()
print(x.grad)
