import torch

x = torch.tensor([1., 2.],
                 requires_grad=True)
y = x.exp()
z = x * y
# zh: exp 的导数是它自己：保存结果
# en: exp's derivative is itself: it
# en: saves its result
print(type(y.grad_fn).__name__)
print(y.grad_fn._saved_result)
# zh: 乘法的导数要用两个因子
# en: a product's derivative needs
# en: both factors
print(type(z.grad_fn).__name__)
print(z.grad_fn._saved_self)
print(z.grad_fn._saved_other)
# zh: 保存的不全是张量：x ** 2 存了
# zh: 指数 2
# en: not all are tensors: x ** 2
# en: saved the exponent 2
sq = (x ** 2).grad_fn
print(sq._saved_exponent)
