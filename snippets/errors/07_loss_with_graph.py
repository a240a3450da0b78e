w = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 在 autograd 开启时计算
# en: computed with autograd on
loss = (w * 3).sum()
print(type(loss.grad_fn).__name__)
loss.backward()
print(w.grad)
