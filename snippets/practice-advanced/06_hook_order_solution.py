# zh: 从输出往输入走：先 y 和它的节点，
# zh: 再到叶子 x
# en: from the output back to the input:
# en: y and its node first, then leaf x
order = ["y hook", "node prehook",
         "node hook", "x hook",
         "x post"]
print(run())
