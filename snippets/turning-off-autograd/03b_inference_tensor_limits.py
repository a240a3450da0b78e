with torch.inference_mode():
    r = a * 2  # an inference tensor
(r + a).sum().backward()  # r is used, but nothing needs to save it: fine
print(a.grad)
r.add_(1)  # in place, outside inference mode
