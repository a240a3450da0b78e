a = torch.tensor([[1., 2.],
                  [3., 4.]])
b = torch.tensor([[1., 0.],
                  [0., 1.]])
torch.dot(a, b)
