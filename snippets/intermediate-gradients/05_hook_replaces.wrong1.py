# zh: 以为钩子只能看，不能改梯度
# en: if a hook could only look
x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1 = x * 2
a1.register_hook(
    lambda grad: print(grad))
(a1 ** 2).sum().backward()
print(x.grad)
