training = False
# zh: 一个接受 bool 的开关
# en: a switch that takes a bool
with torch.set_grad_enabled(
        training):
    b = a.pow(2).sum()
print(b, b.requires_grad)

# zh: 也可以当普通函数调用
# en: also callable as a plain function
torch.set_grad_enabled(False)
print(torch.is_grad_enabled(),
      a.pow(2).sum().requires_grad)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled())
