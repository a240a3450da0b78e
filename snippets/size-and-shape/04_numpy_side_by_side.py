a = np.array([[1, 2, 3], [4, 5, 6]])  # the notes' example
t = torch.tensor([[1, 2, 3], [4, 5, 6]])
print("number of elements:", np.size(a), a.size, "|", t.numel())
print("size of dim 1:     ", np.size(a, 1), "|", t.size(1))
print("shape:             ", np.shape(a), a.shape, "|", t.shape, t.size())
assert np.size(a) == t.numel() and np.shape(a) == tuple(t.shape)
