# (1, 2) @ (2, 2) -> (1, 2):
# zh: 即 A 的形状
# en: the shape of A
grad_A = G @ B.T
# (2, 1) @ (1, 2) -> (2, 2):
# zh: 即 B 的形状
# en: the shape of B
grad_B = A.T @ G
print(grad_A)
print(grad_B)

# zh: 用 autograd 算一遍，作对比
# en: autograd, for comparison
A_leaf = A.clone().requires_grad_()
B_leaf = B.clone().requires_grad_()
(A_leaf @ B_leaf).backward(G)
print(A_leaf.grad)
print(B_leaf.grad)
