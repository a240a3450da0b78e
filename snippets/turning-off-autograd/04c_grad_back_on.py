x = torch.tensor(
    2.0, requires_grad=True)
OFF = {
    "no_grad": torch.no_grad,
    "set_grad_enabled": lambda:
        torch.set_grad_enabled(
            False),
    "inference_mode":
        torch.inference_mode,
}
for name, off in OFF.items():
    # zh: 在块外建图，块里反向传播
    # en: the graph built outside,
    # en: the backward pass inside
    z = x ** 3
    with off():
        # zh: 块里重新打开梯度模式
        # en: grad mode back on inside
        with torch.enable_grad():
            y = x * x
        (g,) = torch.autograd.grad(
            z, x, create_graph=True)
    e = y.requires_grad
    c = g.requires_grad
    print(f"{name:16}",
          f"enable_grad: {e!s:5}",
          f"create_graph: {c}")
