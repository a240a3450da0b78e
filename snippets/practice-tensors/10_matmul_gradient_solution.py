grad_A = G @ B.T   # (1, 2) @ (2, 2) -> (1, 2), the shape of A
grad_B = A.T @ G   # (2, 1) @ (1, 2) -> (2, 2), the shape of B
print(grad_A)
print(grad_B)

A_leaf = A.clone().requires_grad_()   # autograd, for comparison
B_leaf = B.clone().requires_grad_()
(A_leaf @ B_leaf).backward(G)
print(A_leaf.grad)
print(B_leaf.grad)
