print(2 * a1.detach())  # d(sum a1²)/d a1 = 2·a1
assert torch.equal(g_retain, g_hook) and torch.equal(g_hook, g_grad)
assert torch.equal(g_grad, 2 * a1.detach())
