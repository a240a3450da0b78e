import torch

# zh: 一维，形状 (2,)
# en: 1-D, shape (2,)
v = torch.tensor([1., 2.])
# zh: 二维，形状 (2, 2)
# en: 2-D, shape (2, 2)
m = torch.tensor([[3., 4.],
                  [5., 6.]])

# zh: 调用能运行填 True，报错填 False
# en: True if the call works, False if
# en: it raises an error
accepts = {
    "torch.dot(v, v)": None,
    "torch.dot(m, m)": None,
    "torch.mm(v, m)": None,
    "torch.mm(v.view(1, 2), m)":
        None,
    "torch.matmul(v, m)": None,
    "torch.matmul(m, v)": None,
}
