import torch

w = torch.tensor([1., 2.],
                 requires_grad=True)


def gradient_at(w):
    loss = (w ** 2).sum()
    loss.backward()
    # zh: 不 clone：g1 和 g2 是同一个
    # zh: w.grad，两次的和
    # en: no clone: g1 and g2 are the
    # en: same w.grad, both calls' sum
    return w.grad


g1 = gradient_at(w)
g2 = gradient_at(w)
