x = torch.tensor([1., 2., 3.], requires_grad=True)
a1 = x * 2
a1.retain_grad()
seen = []
a1.register_hook(seen.append)
out = (a1 ** 2).sum()
out.backward(retain_graph=True)
out.backward()
print(a1.grad)  # accumulated over both passes
print(len(seen), seen[-1])  # the hook ran once per pass
