import torch

v = torch.tensor([1., 2.])                  # 1-D, shape (2,)
m = torch.tensor([[3., 4.], [5., 6.]])      # 2-D, shape (2, 2)

# True if the call works, False if it raises an error
accepts = {
    "torch.dot(v, v)": None,
    "torch.dot(m, m)": None,
    "torch.mm(v, m)": None,
    "torch.mm(v.view(1, 2), m)": None,
    "torch.matmul(v, m)": None,
    "torch.matmul(m, v)": None,
}
