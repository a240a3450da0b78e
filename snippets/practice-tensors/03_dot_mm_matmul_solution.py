accepts = {
    # zh: dot：只接受两个一维张量
    # en: dot: two 1-D tensors only
    "torch.dot(v, v)": True,
    # zh: 笔记里对二维张量用 dot
    # en: the notes' dot on 2-D tensors
    "torch.dot(m, m)": False,
    # zh: 笔记里对一维张量用 mm：
    # zh: mm 需要两个矩阵
    # en: the notes' mm on a 1-D tensor:
    # en: mm needs two matrices
    "torch.mm(v, m)": False,
    # zh: 笔记的改法：
    # zh: 先把 v 变成 (1, 2) 的矩阵
    # en: the notes' fix: make v a (1, 2)
    # en: matrix first
    "torch.mm(v.view(1, 2), m)":
        True,
    # zh: matmul 自己补上缺的 1（规则 3）
    # en: matmul adds the missing 1
    # en: itself (rule 3)
    "torch.matmul(v, m)": True,
    # zh: 这里也一样（规则 4）
    # en: and here too (rule 4)
    "torch.matmul(m, v)": True,
}
print(torch.dot(v, v))
print(torch.mm(v.view(1, 2), m),
      torch.matmul(v, m))
print(torch.matmul(m, v))
