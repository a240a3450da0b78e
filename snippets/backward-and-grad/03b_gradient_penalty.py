w = torch.tensor([1., 2.], requires_grad=True)
data = torch.tensor([3., 4.])


def loss_fn(w):
    return (w * data).sum() ** 2


for create_graph in (False, True):
    w.grad = None
    (g,) = torch.autograd.grad(loss_fn(w), w, create_graph=create_graph)
    penalty = (g ** 2).sum()  # gradient penalty: the squared norm of the gradient
    (loss_fn(w) + penalty).backward()
    print(f"{create_graph=}  {penalty.requires_grad=}  w.grad={w.grad}")
