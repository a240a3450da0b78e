# zh: f 有两个输出，不是标量
# en: f has two outputs, not a scalar
torch.autograd.functional.hessian(
    f, x0)
