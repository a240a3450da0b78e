w = torch.tensor([1., 2.],
                 requires_grad=True)
data = torch.tensor([3., 4.])


def loss_fn(w):
    return (w * data).sum() ** 2


for create_graph in (False, True):
    w.grad = None
    (g,) = torch.autograd.grad(
        loss_fn(w), w,
        create_graph=create_graph)
    # zh: 梯度惩罚：梯度的范数的平方
    # en: gradient penalty: the squared
    # en: norm of the gradient
    penalty = (g ** 2).sum()
    (loss_fn(w) + penalty).backward()
    print(
        f"{create_graph=}  "
        f"{penalty.requires_grad=}  "
        f"w.grad={w.grad}")
