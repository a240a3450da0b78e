from torch.autograd.functional \
    import jacobian

# zh: 笔记里那个原地写入的 f 也能用
# en: the notes' in-place f works too
J_notes = jacobian(f, x)
# zh: 先是 y 的形状 [1, 2]，
# zh: 然后是 x 的形状 [2]
# en: y's shape [1, 2], then x's
# en: shape [2]
print(J_notes.shape)
J_functional = jacobian(g, x)[0]
print(J_functional)
assert (
    torch.equal(J_notes[0], J_rows)
    and torch.equal(J_functional,
                    J_rows)
)
