assert torch.equal(
    first, torch.tensor([20., 40.])
), first
assert torch.equal(
    second, torch.tensor([2., 4.])
), second
# zh: _backward_hooks 是私有属性，但没有
# zh: 公开的接口能列出张量上的钩子；
# zh: remove() 之后它是空的
# en: _backward_hooks is private, but
# en: nothing public lists a tensor's
# en: hooks; after remove() it is empty
hooks = x._backward_hooks
assert not hooks, (
    f"{len(hooks)} hooks left on x")
