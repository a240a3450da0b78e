h = x * 2
h.retain_grad()
h.register_hook(
    say("h: tensor hook"))
h.grad_fn.register_prehook(
    say("h.grad_fn: pre-hook"))
h.grad_fn.register_hook(
    say("h.grad_fn: hook"))

print("-- forward")
loss = lin(h).sum()
print("-- backward")
loss.backward()
print(h.grad, x.grad)
