with torch.inference_mode():
    # zh: 一个推理张量
    # en: an inference tensor
    r = a * 2
# zh: 用到了 r，但没有谁需要保存它：
# zh: 没问题
# en: r is used, but nothing needs to
# en: save it: fine
(r + a).sum().backward()
print(a.grad)
# zh: 在推理模式之外做原地操作
# en: in place, outside inference mode
r.add_(1)
