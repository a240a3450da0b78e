# zh: 按注册的顺序
# en: in the order they were registered
order = ["x post", "x hook",
         "node hook", "node prehook",
         "y hook"]
