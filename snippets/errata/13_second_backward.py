# zh: 笔记的第 3 步，紧接第 2 步之后，
# zh: 在同一个 y 上运行
# en: the notes' step 3, run right after
# en: step 2 on the same y
y.backward(torch.Tensor([[1, 0]]),
           retain_graph=True)
