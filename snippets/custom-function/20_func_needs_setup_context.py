# zh: 上面的 Exp：forward(ctx, x)
# en: Exp from above: forward(ctx, x)
x = torch.tensor([0.5, 2.],
                 dtype=torch.float64)
torch.func.jacrev(Exp.apply)(x)
