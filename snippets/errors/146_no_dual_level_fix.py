import warnings
# zh: 屏蔽 torch 内部的 torch.jit.script
# zh: 弃用警告（与这里的代码无关）
# en: hide torch's internal
# en: torch.jit.script deprecation
# en: warnings (not about this code)
warnings.filterwarnings(
    "ignore", "`torch.jit.script`",
    DeprecationWarning)
with fwAD.dual_level():
    d = fwAD.make_dual(
        x, torch.ones(2))
    _, t = fwAD.unpack_dual(d ** 2)
print(t)
