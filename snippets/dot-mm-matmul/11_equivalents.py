u = torch.tensor([4., 5., 6.])
print(torch.dot(v, u), v @ u,
      torch.einsum("i,i->", v, u))
assert torch.equal(torch.mv(M.T, v),
                   M.T @ v)
assert torch.equal(
    torch.mm(A, M),
    torch.einsum("ij,jk->ik", A, M))
Bt = B.transpose(1, 2)
assert torch.equal(torch.bmm(B, Bt),
                   B @ Bt)
assert torch.equal(
    torch.bmm(B, Bt),
    torch.einsum("bij,bjk->bik",
                 B, Bt))
