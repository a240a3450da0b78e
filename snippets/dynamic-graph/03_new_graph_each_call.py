a = torch.tensor(1.5, requires_grad=True)
d1, d2 = f(a), f(a)             # the same input, called twice
print(d1.grad_fn is d2.grad_fn)  # two separate graphs
d1.backward()
d2.backward()                    # each graph has its own saved tensors
print(a.grad)                    # 1024 + 1024, accumulated
