# float32
a = torch.tensor([[1., 2.]])
b = torch.tensor([[3.], [4.]],
                 dtype=torch.float64)
torch.mm(a, b)
