w = torch.tensor(2., requires_grad=True)
writes = []  # called each time autograd writes w.grad
w.register_post_accumulate_grad_hook(lambda p: writes.append(p.grad.clone()))

y = w * 3 + w ** 2 + torch.sin(w)  # w is used three times
y.backward()
print(w.grad, len(writes))  # one write: 3 + 2w + cos(w), already summed

(w * 3).backward()  # a second backward() call adds to .grad
print(w.grad, len(writes))
assert len(writes) == 2 and torch.allclose(writes[0], 3 + 2 * w + torch.cos(w))
