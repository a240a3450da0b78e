# rule 3: (3,) @ (3, 4): v is treated as a 1x3 row, the 1 is removed afterwards
print(M)
print(v.unsqueeze(0) @ M)
print(v @ M)
assert torch.equal(v @ M, (v.unsqueeze(0) @ M).squeeze(0))
