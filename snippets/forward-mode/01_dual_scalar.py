import warnings
import torch
import torch.autograd.forward_ad \
    as fwAD

# zh: torch 2.13 第一次调用 make_dual
# zh: 时会加载内部的分解规则，其中调用
# zh: 18 次 torch.jit.script，每次一条
# zh: DeprecationWarning，与这里的代码
# zh: 无关（普通 Python 默认不显示，
# zh: 本站显示所有警告）
# en: torch 2.13's first make_dual
# en: loads internal decomposition
# en: rules, which call torch.jit.script
# en: 18 times, one DeprecationWarning
# en: each, not about this code (plain
# en: Python hides them; this site
# en: shows every warning)
warnings.filterwarnings(
    "ignore", "`torch.jit.script`",
    DeprecationWarning)

with fwAD.dual_level():
    # zh: 值 2，切向量 1：a + bε
    # en: value 2, tangent 1: a + bε
    a = fwAD.make_dual(
        torch.tensor(2.),
        torch.tensor(1.))
    b = a ** 3
    # zh: 值 2³，切向量 3·2²·1
    # en: value 2³, tangent 3·2²·1
    p, t = fwAD.unpack_dual(b)
print(p, t)
