import torch

# zh: 叶子、形状都对，值却不是 [2., 1.]
# zh: （mm 对 x 的梯度与 x 的值无关）
# en: a leaf of the right shape, but
# en: not [2., 1.] (the gradient of mm
# en: w.r.t. x does not depend on x)
x = torch.ones(1, 2,
               requires_grad=True)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]),
           retain_graph=True)
