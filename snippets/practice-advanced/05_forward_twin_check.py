from torch.autograd.functional \
    import jacobian

# zh: 笔记的点和 v，再换一组
# en: the notes' point and v, then
# en: another pair
pairs = [([2., 3.], [1., 1.]),
         ([-1., .5], [1., 2.])]
for p, u in pairs:
    p = torch.tensor(p)
    u = torch.tensor(u)
    got = jv_at(p, u)
    want = jacobian(f, p) @ u
    assert torch.equal(got, want), (
        p, u, got)
