# zh: 一直求导，直到得到的导数
# zh: 不再需要梯度
# en: differentiate until the
# en: derivative no longer
# en: requires grad
def all_orders(y):
    ds = [y]
    while ds[-1].requires_grad:
        (d,) = torch.autograd.grad(
            ds[-1], x,
            create_graph=True)
        ds.append(d)
    return ds[1:]


cube = all_orders(x ** 3)
prod = all_orders(x * x * x)
for name, ds in [
        ("x ** 3", cube),
        ("x * x * x", prod)]:
    print(name)
    for d in ds:
        print(" ", d)
