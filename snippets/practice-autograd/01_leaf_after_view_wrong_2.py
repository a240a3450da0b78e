import torch

# zh: 叶子，但忘了 requires_grad=True
# en: a leaf, but requires_grad=True
# en: is forgotten
x = torch.tensor([[2., 1.]])
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]),
           retain_graph=True)
