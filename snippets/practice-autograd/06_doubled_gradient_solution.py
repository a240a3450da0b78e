import torch

w = torch.tensor([1., 2.], requires_grad=True)


def gradient_at(w):
    w.grad = None  # backward() adds to .grad: start from nothing on each call
    loss = (w ** 2).sum()
    loss.backward()
    return w.grad.clone()


g1 = gradient_at(w)
g2 = gradient_at(w)
print(g1, g2)
