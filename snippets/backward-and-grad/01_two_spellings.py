import torch

v = torch.tensor([1., 0.1, 0.01])  # the gradient argument, same shape as y

a = torch.tensor([1., 2., 3.], requires_grad=True)
(a ** 2).backward(v)  # method on the tensor

b = torch.tensor([1., 2., 3.], requires_grad=True)
torch.autograd.backward(b ** 2, v)  # function in torch.autograd

print(a.grad)
print(b.grad)
assert torch.equal(a.grad, b.grad)
