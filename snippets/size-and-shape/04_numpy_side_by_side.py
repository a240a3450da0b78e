# zh: 笔记里的例子
# en: the notes' example
a = np.array([[1, 2, 3], [4, 5, 6]])
t = torch.tensor([[1, 2, 3],
                  [4, 5, 6]])
print("np.size(a), a.size | "
      "t.numel():          ",
      np.size(a), a.size, "|",
      t.numel())
print("np.size(a, 1) | "
      "t.size(1):               ",
      np.size(a, 1), "|", t.size(1))
print("np.shape(a), a.shape | "
      "t.shape, t.size():",
      np.shape(a), a.shape, "|",
      t.shape, t.size())
assert (
    np.size(a) == t.numel()
    and np.shape(a) == tuple(t.shape)
)
