# zh: 形状表：每次调用一行
# zh: （函数、输入 1、输入 2）。
# zh: 输入可以是形状（元组：张量为
# zh: torch.ones(shape)），也可以是
# zh: 数值本身（列表）。
# en: The shape table: one row per call
# en: (function, input 1, input 2).
# en: An input is a shape (a tuple: the
# en: tensor is torch.ones(shape)) or
# en: the values themselves (a list).
CASES = [
    ("torch.dot", (3,), (3,)),
    ("torch.dot", [2, 3], [2, 1]),
    ("torch.dot", (2, 3), (2, 2)),
    ("torch.dot", [2, 3], (2,)),
    ("torch.mv", (3, 4), (4,)),
    ("torch.mv", (3, 4), (3,)),
    ("torch.mm", (2, 3), (3, 3)),
    ("torch.mm", (3,), (3, 4)),
    ("torch.mm", (2, 3), (2, 3)),
    ("torch.mm", (10, 3, 4), (4, 5)),
    ("torch.bmm",
     (10, 3, 4), (10, 4, 5)),
    ("torch.bmm",
     (10, 3, 4), (4, 5)),
    ("torch.matmul", (3,), (3,)),
    ("torch.matmul", (3, 4), (4, 5)),
    ("torch.matmul", (3,), (3, 4)),
    ("torch.matmul", (3, 4), (4,)),
    ("torch.matmul",
     (10, 3, 4), (4,)),
    ("torch.matmul",
     (10, 3, 4), (10, 4, 5)),
    ("torch.matmul",
     (10, 3, 4), (4, 5)),
    ("torch.matmul",
     (10, 1, 3, 4), (2, 4, 5)),
    ("torch.matmul",
     (10, 3, 4), (2, 4, 5)),
    ("torch.matmul", (), (3,)),
    ("@", (3,), (3, 4)),
    ("@", (10, 1, 3, 4), (2, 4, 5)),
    ("einsum i,i->", (3,), (3,)),
    ("einsum ij,jk->ik",
     (2, 3), (3, 3)),
    ("einsum bij,bjk->bik",
     (10, 3, 4), (10, 4, 5)),
    ("einsum ...ij,jk->...ik",
     (10, 3, 4), (4, 5)),
    ("einsum ...ij,...jk->...ik",
     (10, 1, 3, 4), (2, 4, 5)),
]
