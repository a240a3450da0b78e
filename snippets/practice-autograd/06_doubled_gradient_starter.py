import torch

w = torch.tensor([1., 2.],
                 requires_grad=True)


def gradient_at(w):
    loss = (w ** 2).sum()
    loss.backward()
    return w.grad.clone()


g1 = gradient_at(w)
# zh: 同一个 w、同一个损失：
# zh: 为什么这次大了一倍？
# en: same w, same loss: why is this one
# en: twice as big?
g2 = gradient_at(w)
print(g1, g2)
