for set_to_none in (True, False):
    w = torch.tensor(
        [1., 2.], requires_grad=True)
    opt = torch.optim.SGD(
        [w], lr=0.1, momentum=0.9,
        weight_decay=0.1)
    (w ** 2).sum().backward()
    opt.step()
    opt.zero_grad(
        set_to_none=set_to_none)
    before = w.detach().clone()
    # zh: 没有新的 backward：.grad 是
    # zh: None，或者全是 0
    # en: no new backward: .grad is None,
    # en: or zeros
    opt.step()
    moved = not torch.equal(
        w, before)
    print(f"{set_to_none=}  "
          f"w.grad={w.grad}  "
          f"{moved=}")
