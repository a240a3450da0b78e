import warnings
from torch.func import jacrev, jacfwd

# zh: torch 2.13 的 jacfwd 第一次调用
# zh: make_dual 时会加载内部的分解规则，
# zh: 其中调用 18 次 torch.jit.script，
# zh: 每次一条 DeprecationWarning，
# zh: 与这里的代码无关（普通 Python
# zh: 默认不显示，本站显示所有警告）
# en: jacfwd's first make_dual in torch
# en: 2.13 loads internal decomposition
# en: rules, which call torch.jit.script
# en: 18 times, one DeprecationWarning
# en: each, not about this code (plain
# en: Python hides them; this site
# en: shows every warning)
warnings.filterwarnings(
    "ignore", "`torch.jit.script`",
    DeprecationWarning)

# zh: torch.func 的变换作用于函数，
# zh: 传入的 x 不需要梯度
# en: torch.func transforms a function;
# en: x need not require grad
x0 = x.detach()
J_jacrev = jacrev(f)(x0)[0]
J_jacfwd = jacfwd(f)(x0)[0]
print(J_jacrev)
print(J_jacfwd)
