# d(sum a1²)/d a1 = 2·a1
print(2 * a1.detach())
assert (
    torch.equal(g_retain, g_hook)
    and torch.equal(g_hook, g_grad)
)
assert torch.equal(g_grad,
                   2 * a1.detach())
