x = torch.arange(4.0)
x.requires_grad_(True)
# zh: 效果相同，一步完成
# en: same thing, in one step
x2 = torch.arange(4.0,
                  requires_grad=True)
print(x)
print(x2)
assert (x.requires_grad
        and x2.requires_grad
        and torch.equal(x, x2))
