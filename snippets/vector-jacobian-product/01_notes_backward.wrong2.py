# zh: 以为 backward 只算 y[0, 0] 的梯度
# en: if backward took only y[0, 0]
import torch

x = torch.tensor([2, 3],
                 dtype=torch.float,
                 requires_grad=True)
y = torch.zeros(1, 2)
y[0, 0] = x[0] ** 2 + 3 * x[1]
y[0, 1] = x[1] ** 2 + 2 * x[0]
y[0, 0].backward()
print(x.grad)
