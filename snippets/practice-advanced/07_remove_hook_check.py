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
# zh: 钩子要从原来的 x 上移除：句柄 h
# zh: 指向的钩子表必须是 x 的。把 x 换成
# zh: 新张量（如 x.detach()
# zh: .requires_grad_()），新张量没有
# zh: 钩子表，钩子仍留在旧的 x 上
# en: the hook must leave the original
# en: x: the hook table h points to
# en: must be x's. A new tensor x (say
# en: x.detach().requires_grad_())
# en: has none; the hook stays on the
# en: old x
assert hooks is not None and (
    h.hooks_dict_ref() is hooks), (
    f"x._backward_hooks = {hooks}")
