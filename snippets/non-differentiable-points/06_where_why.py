# zh: 两个分支都算了，也都在计算图里
# en: both branches were computed, and
# en: both are in the graph
s = torch.sqrt(x)
print(s)
# zh: sqrt 的导数 1/(2 sqrt(x))
# zh: 在这两个位置是 nan 和 inf
# en: sqrt's derivative 1/(2 sqrt(x))
# en: is nan and inf there
print(1 / (2 * s.detach()))
# zh: where 给没选中的位置传回 0，
# zh: sqrt 的反向把它除以 2 sqrt(x)
# en: where sends 0 to the positions
# en: not picked; sqrt's backward
# en: divides it by 2 sqrt(x)
(g,) = torch.autograd.grad(
    s, x, torch.zeros_like(s),
    create_graph=True)
print(g)
print(0 / (2 * s.detach()))
