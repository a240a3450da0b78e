w = torch.tensor([1., 2., 3.],
                 requires_grad=True)
# zh: 索引得到的是 w 的视图
# en: indexing gives a view of w
w[0] = 0.
