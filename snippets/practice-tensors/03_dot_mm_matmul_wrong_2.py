accepts = {
    "torch.dot(v, v)": True,
    # zh: 笔记的错误：对二维张量用 dot
    # en: the notes' mistake: dot of 2-D
    # en: tensors
    "torch.dot(m, m)": True,
    "torch.mm(v, m)": False,
    "torch.mm(v.view(1, 2), m)":
        True,
    "torch.matmul(v, m)": True,
    "torch.matmul(m, v)": True,
}
