x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1 = x * 2
a1.retain_grad()
seen = []
a1.register_hook(seen.append)
out = (a1 ** 2).sum()
out.backward(retain_graph=True)
out.backward()
# zh: 两次反向传播累加的结果
# en: accumulated over both passes
print(a1.grad)
# zh: 每次反向传播钩子运行一次
# en: the hook ran once per pass
print(len(seen), seen[-1])
