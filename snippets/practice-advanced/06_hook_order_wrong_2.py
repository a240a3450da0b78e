# zh: 以为叶子张量的钩子先触发
# en: the leaf's hooks taken to fire
# en: first
order = ["x hook", "x post",
         "y hook", "node prehook",
         "node hook"]
