x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 在计算图里：需要梯度
# en: in the graph: requires grad
y = x * 3
y.register_hook(lambda grad: print(
    "dL/dy:", grad))
(y ** 2).sum().backward()
print("dL/dx:", x.grad)
