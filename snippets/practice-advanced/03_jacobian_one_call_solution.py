import warnings

from torch.func import jacfwd

# zh: torch 2.13 第一次调用 make_dual
# zh: （在 jacfwd 里面）时加载内部的
# zh: 分解规则，打印 18 条与这里的代码
# zh: 无关的 DeprecationWarning
# en: torch 2.13's first make_dual
# en: (inside jacfwd) loads internal
# en: rules and prints 18
# en: DeprecationWarnings that
# en: are not about this code
warnings.filterwarnings(
    "ignore", "`torch.jit.script`",
    DeprecationWarning)

# zh: jacrev(f) 本身就是求雅可比矩阵
# zh: 的函数
# en: jacrev(f) is itself the function
# en: that gives the Jacobian
jac = jacrev(f)
J = jac(x)
print(J)
# zh: 前向模式给出同一个 J
# en: forward mode gives the same J
print(torch.equal(jacfwd(f)(x), J))
