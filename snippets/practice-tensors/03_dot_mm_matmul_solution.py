accepts = {
    "torch.dot(v, v)": True,             # dot: two 1-D tensors only
    "torch.dot(m, m)": False,            # the notes' dot on 2-D tensors
    "torch.mm(v, m)": False,             # the notes' mm on a 1-D tensor: mm needs two matrices
    "torch.mm(v.view(1, 2), m)": True,   # the notes' fix: make v a (1, 2) matrix first
    "torch.matmul(v, m)": True,          # matmul adds the missing 1 itself (rule 3)
    "torch.matmul(m, v)": True,          # and here too (rule 4)
}
print(torch.dot(v, v))
print(torch.mm(v.view(1, 2), m), torch.matmul(v, m))
print(torch.matmul(m, v))
