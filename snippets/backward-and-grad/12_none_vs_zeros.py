for set_to_none in (True, False):
    w = torch.tensor([1., 2.], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9, weight_decay=0.1)
    (w ** 2).sum().backward()
    opt.step()
    opt.zero_grad(set_to_none=set_to_none)
    before = w.detach().clone()
    opt.step()  # no new backward: .grad is None, or zeros
    print(f"{set_to_none=}  w.grad={w.grad}  moved={not torch.equal(w, before)}")
