# zh: 手算的雅可比矩阵：
# zh: [[2·x0, 3], [2, 2·x1]]
# en: the Jacobian worked out by
# en: hand: [[2·x0, 3], [2, 2·x1]]
def by_hand(p):
    x0, x1 = p.tolist()
    return torch.tensor(
        [[2 * x0, 3.], [2., 2 * x1]])


# zh: 笔记的点 [2., 3.]（J 是笔记的
# zh: [[4., 3.], [2., 6.]]），再换一点
# en: the notes' point [2., 3.] (J is
# en: the notes' [[4., 3.], [2., 6.]]),
# en: then another one
for p in (torch.tensor([2., 3.]),
          torch.tensor([-1., .5])):
    got = jac(p)
    assert got is not None, got
    assert torch.equal(
        got, by_hand(p)), (p, got)
