x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
y = (x ** 2).sum()
# zh: 保留保存下来的张量
# en: keep the saved tensors
y.backward(retain_graph=True)
first = x.grad.clone()
# zh: 第二次反向传播：累加到 x.grad
# en: second pass: adds to x.grad
y.backward()
print(first)
print(x.grad)
assert torch.equal(x.grad, 2 * first)
