w.grad = torch.tensor([30., 40.])
torch.nn.utils.clip_grad_value_(
    [w], clip_value=1.0)
# zh: 逐个元素截断：方向变了
# en: element by element: the
# en: direction changes
print(w.grad)
