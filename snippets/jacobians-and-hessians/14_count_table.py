# zh: 3 个输入 → 1 个输出（像损失函数）
# en: 3 inputs → 1 output (a loss)
def F_loss(x):
    return (x ** 2).sum().view(1)

# zh: 1 个输入 → 3 个输出
# en: 1 input → 3 outputs
def F_curve(x):
    return x * torch.tensor(
        [1., 2., 3.])

cases = [
    ("3→1 reverse", reverse,
     F_loss, torch.ones(3), 1),
    ("3→1 forward", forward,
     F_loss, torch.ones(3), 3),
    ("1→3 reverse", reverse,
     F_curve, torch.ones(1), 3),
    ("1→3 forward", forward,
     F_curve, torch.ones(1), 1),
    # zh: 笔记的 f：2 个输入 → 2 个输出
    # en: the notes' f: 2 inputs → 2
    # en: outputs
    ("2→2 reverse", reverse,
     lambda x: f(x).view(2), x0, 2),
    ("2→2 forward", forward,
     lambda x: f(x).view(2), x0, 2),
]
print("case         fwd bwd")
for name, mode, F, x, k in cases:
    fw, bw = count(mode, F, x, k)
    print(f"{name:12} {fw:3} {bw:3}")
