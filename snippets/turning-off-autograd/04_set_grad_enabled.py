training = False
with torch.set_grad_enabled(training):  # a switch that takes a bool
    b = a.pow(2).sum()
print(b, b.requires_grad)

torch.set_grad_enabled(False)  # also callable as a plain function
print(torch.is_grad_enabled(), a.pow(2).sum().requires_grad)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled())
