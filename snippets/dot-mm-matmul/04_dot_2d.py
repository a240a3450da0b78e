# zh: 笔记里的第二个例子：
# zh: dot 只接受一维张量
# en: The notes' second example: dot
# en: only takes 1-D tensors
torch.dot(torch.rand(2, 3),
          torch.rand(2, 2))
