import torch

x = torch.tensor([2., 3.],
                 requires_grad=True)
y = f(x)
y.backward(torch.tensor([[1., 1.]]))
# zh: 笔记的理解：[6., 9.] 就是 J
# en: the notes' reading: [6., 9.] is J
J = x.grad
v = torch.tensor([1., 1.])
