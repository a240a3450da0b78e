print("sqrt", grad_of(torch.sqrt, x))
z = torch.zeros(
    3, dtype=torch.float64,
    requires_grad=True)
norm = torch.linalg.vector_norm
print("norm", grad_of(norm, z))
# zh: 同一个范数，手写成 sqrt(sum(z²))
# en: the same norm, written by hand
# en: as sqrt(sum(z²))
print("sqrt(sum(z**2))",
      grad_of(lambda z: (z ** 2)
              .sum().sqrt(), z))
