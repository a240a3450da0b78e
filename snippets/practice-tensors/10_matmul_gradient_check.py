A_leaf = (A.detach().clone()
          .requires_grad_())
B_leaf = (B.detach().clone()
          .requires_grad_())
(A_leaf @ B_leaf).backward(G)
assert torch.equal(
    grad_A, A_leaf.grad
), f"grad_A = {grad_A.tolist()}"
assert torch.equal(
    grad_B, B_leaf.grad
), f"grad_B = {grad_B.tolist()}"
