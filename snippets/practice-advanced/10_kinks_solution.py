guess = {
    "relu(0)": [0.],
    "abs(0)": [0.],
    "clamp(0, 0, 1)": [1.],
    "max([1, 1])": [0.5, 0.5],
}
for k, (f, v) in cases.items():
    print(k, grad_at(f, v))
