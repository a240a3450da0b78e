x = torch.tensor([1., 2., 3.], requires_grad=True)
a1 = x * 2
seen = []
handle = a1.register_hook(lambda grad: seen.append(grad))  # returns None: grad unchanged
out = (a1 ** 2).sum()
out.backward()
handle.remove()
print(seen)
print(x.grad)
g_hook = seen[0]
