import torch

w = torch.tensor([1., 2.],
                 requires_grad=True)


def gradient_at(w):
    loss = (w ** 2).sum()
    # zh: retain_graph=True 不会清零
    # en: retain_graph=True does not
    # en: clear anything
    loss.backward(retain_graph=True)
    return w.grad.clone()


g1 = gradient_at(w)
g2 = gradient_at(w)
