w = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 还没有调用过 backward
# en: no backward yet
print(w.grad)
w.grad.zero_()
