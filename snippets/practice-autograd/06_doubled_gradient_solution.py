import torch

w = torch.tensor([1., 2.],
                 requires_grad=True)


def gradient_at(w):
    # zh: backward() 会累加到 .grad 上：
    # zh: 每次调用都从空开始
    # en: backward() adds to .grad: start
    # en: from nothing on each call
    w.grad = None
    loss = (w ** 2).sum()
    loss.backward()
    return w.grad.clone()


g1 = gradient_at(w)
g2 = gradient_at(w)
print(g1, g2)
