x = torch.randn(8, 4,
                requires_grad=True)
h5 = checkpoint(counted, x)
# zh: 只要 w1 的梯度
# en: w1's gradient only
h5.sum().backward(inputs=[w1])
print(w1.grad)
# zh: 不传 inputs 的反向传播
# en: a plain backward pass
h5.sum().backward()
print(w1.grad is None)
