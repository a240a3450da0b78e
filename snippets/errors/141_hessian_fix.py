import warnings
from torch.func import jacfwd, jacrev

# zh: 屏蔽 torch 内部的 torch.jit.script
# zh: 弃用警告（与这里的代码无关）
# en: hide torch's internal
# en: torch.jit.script deprecation
# en: warnings (not about this code)
warnings.filterwarnings(
    "ignore", "`torch.jit.script`",
    DeprecationWarning)

# zh: 每个输出一个海森矩阵：形状
# zh: [输出数, 输入数, 输入数]
# en: one Hessian per output: shape
# en: [outputs, inputs, inputs]
H = jacfwd(jacrev(f))(x)
print(H)
# zh: 只要一个标量的海森矩阵时，
# zh: 先把输出归约成标量
# en: for one scalar's Hessian,
# en: reduce the output first
print(hessian(
    lambda x: f(x).sum(), x))
