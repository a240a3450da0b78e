import torch

w = torch.tensor([1., 2.], requires_grad=True)


def gradient_at(w):
    loss = (w ** 2).sum()
    loss.backward()
    return w.grad.clone()


g1 = gradient_at(w)
g2 = gradient_at(w)  # same w, same loss: why is this one twice as big?
print(g1, g2)
