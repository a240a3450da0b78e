# rule 5: a batch of two 3x4 matrices
B = torch.arange(24.).view(2, 3, 4)
print((B @ w).shape)                    # batch x vector
print((B @ M.T).shape)                  # batch x one shared matrix
print((B @ B.transpose(1, 2)).shape)    # batch x batch
for i in range(2):
    assert torch.equal((B @ w)[i], B[i] @ w)
    assert torch.equal((B @ M.T)[i], B[i] @ M.T)
