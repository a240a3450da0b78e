from torch.autograd.functional import jacobian

J_notes = jacobian(f, x)  # the notes' in-place f works too
print(J_notes.shape)  # y's shape [1, 2], then x's shape [2]
J_functional = jacobian(g, x)[0]
print(J_functional)
assert torch.equal(J_notes[0], J_rows) and torch.equal(J_functional, J_rows)
