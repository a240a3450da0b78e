x = torch.tensor(3., requires_grad=True)
(x ** 3).backward(create_graph=True)
print(x.grad)          # 27, with a grad_fn: the gradient has a graph of its own
x.grad.backward()      # the second derivative goes into the same .grad ...
print(x.grad)          # ... so it holds 27 + 18

x.grad = None
(x ** 3).backward(create_graph=True)
dy = x.grad
x.grad = None          # take the first derivative out of .grad first
dy.backward()
print(x.grad)          # 18 alone
