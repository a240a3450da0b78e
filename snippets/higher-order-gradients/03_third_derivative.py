y = x ** 3
derivatives = []
d = y
for order in range(3):
    (d,) = torch.autograd.grad(
        d, x, create_graph=True)
    derivatives.append(d.item())
# zh: x = 3 处的 3x^2、6x、6
# en: 3x^2, 6x, 6 at x = 3
print(derivatives)
