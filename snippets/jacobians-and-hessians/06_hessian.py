from torch.func import hessian

# zh: 一个标量函数：海森矩阵是
# zh: 它的二阶偏导数
# en: a scalar function: its Hessian
# en: holds the second partials
def s(x):
    return (x[0] ** 2 * x[1]
            + x[1] ** 3)

H = hessian(s)(x0)
print(H)
H_functional = torch.autograd \
    .functional.hessian(s, x0)
assert (
    torch.equal(H, H_functional)
    and torch.equal(
        H, jacfwd(jacrev(s))(x0))
    and torch.equal(H, H.T))
