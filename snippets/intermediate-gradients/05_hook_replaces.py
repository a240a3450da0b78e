x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1 = x * 2
# zh: 记下钩子收到的和返回的梯度
# en: what the hook receives and
# en: what it returns, recorded
hook_in, hook_out = [], []


# zh: 返回的张量会替换原来的梯度
# en: a returned tensor replaces the
# en: gradient
def clamp(grad):
    hook_in.append(grad)
    hook_out.append(
        grad.clamp(max=5.))
    return hook_out[-1]


a1.register_hook(clamp)
(a1 ** 2).sum().backward()
print(x.grad)
