def run(x):
    # zh: 前向传播不保存块内的张量，
    # zh: 反向传播时重新运行块
    # en: forward keeps none of the
    # en: block's tensors; backward runs
    # en: the block again
    return checkpoint(
        block, x,
        use_reentrant=False).sum()


calls = 0
# zh: 新建 x：上面检查单元里的 x
# zh: 已经有累加过的 .grad
# en: a fresh x: the one the check
# en: cell above used has a .grad
# en: accumulated already
x = torch.tensor([0., 1., 2.],
                 dtype=torch.float64,
                 requires_grad=True)
out = run(x)
print(calls)
out.backward()
print(calls, x.grad)
