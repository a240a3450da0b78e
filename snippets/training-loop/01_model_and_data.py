import torch
from torch import nn

# zh: 三个样本，每个一个特征
# en: three samples, one feature each
X = torch.tensor([[1.], [2.], [3.]])
# zh: 目标值来自 y = 2x + 1
# en: targets from y = 2x + 1
Y = 2 * X + 1

# pred = w * x + b
model = nn.Linear(1, 1)
# zh: 从 w = 0、b = 0 开始，
# zh: 数字才是精确的
# en: start from w = 0, b = 0 for
# en: exact numbers
with torch.no_grad():
    model.weight.fill_(0.)
    model.bias.fill_(0.)
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(
    model.parameters(), lr=0.05)
print(list(model.parameters()))
