# zh: 一个新的叶子张量 u
# en: a fresh leaf u
u = torch.tensor([1., 2.],
                 requires_grad=True)
u.register_hook(
    lambda g: print("u: tensor hook",
                    g))
h2 = u * 2


def node_hook(grad_inputs,
              grad_outputs):
    print("node hook:", grad_inputs)
    # zh: 返回值替换节点要传出去的
    # zh: 梯度，每个输入一项
    # en: the return value replaces
    # en: what the node passes on,
    # en: one entry per input
    return (grad_inputs[0] * 100,
            *grad_inputs[1:])


h2.grad_fn.register_hook(node_hook)
h2.sum().backward()
print(u.grad)
