import torch
from torch import nn

X = torch.tensor([[1.], [2.], [3.]])  # three samples, one feature each
Y = 2 * X + 1                         # targets from y = 2x + 1

model = nn.Linear(1, 1)               # pred = w * x + b
with torch.no_grad():                 # start from w = 0, b = 0 for exact numbers
    model.weight.fill_(0.)
    model.bias.fill_(0.)
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
print(list(model.parameters()))
