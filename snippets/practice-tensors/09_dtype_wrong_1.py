# zh: double() 仍是 float64，
# zh: 而 W 是 float32
# en: double() is float64 still, and W
# en: is float32
x_fixed = x.double()
