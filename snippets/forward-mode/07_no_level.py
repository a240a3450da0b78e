# zh: 没有进入 dual_level
# en: no dual_level entered
fwAD.make_dual(x, v)
