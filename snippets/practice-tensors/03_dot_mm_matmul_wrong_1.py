accepts = {
    "torch.dot(v, v)": True,
    "torch.dot(m, m)": False,
    # zh: 笔记的错误：对一维张量用 mm
    # en: the notes' mistake: mm of a
    # en: 1-D tensor
    "torch.mm(v, m)": True,
    "torch.mm(v.view(1, 2), m)":
        True,
    "torch.matmul(v, m)": True,
    "torch.matmul(m, v)": True,
}
