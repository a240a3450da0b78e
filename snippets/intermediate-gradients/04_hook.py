x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1 = x * 2
seen = []
# zh: 返回 None：梯度不变
# en: returns None: grad unchanged
handle = a1.register_hook(
    lambda grad: seen.append(grad))
out = (a1 ** 2).sum()
out.backward()
handle.remove()
print(seen)
print(x.grad)
g_hook = seen[0]
