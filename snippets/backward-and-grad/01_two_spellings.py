import torch

# zh: gradient 参数，形状与 y 相同
# en: the gradient argument, same shape
# en: as y
v = torch.tensor([1., 0.1, 0.01])

a = torch.tensor([1., 2., 3.],
                 requires_grad=True)
# zh: 张量上的方法
# en: method on the tensor
(a ** 2).backward(v)

b = torch.tensor([1., 2., 3.],
                 requires_grad=True)
# zh: torch.autograd 里的函数
# en: function in torch.autograd
torch.autograd.backward(b ** 2, v)

print(a.grad)
print(b.grad)
assert torch.equal(a.grad, b.grad)
