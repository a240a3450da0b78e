import torch

torch.manual_seed(1)
model = torch.nn.Sequential(
    torch.nn.Linear(2, 2),
    torch.nn.Dropout(p=0.5),
)
# zh: 固定权重（单位矩阵），输出好读
# en: fixed weights (the identity):
# en: readable outputs
with torch.no_grad():
    model[0].weight.copy_(
        torch.tensor([[1., 0.],
                      [0., 1.]]))
    model[0].bias.zero_()
x = torch.tensor([[1., 2.]])

# zh: 关闭 Dropout；autograd 仍在记录
# en: Dropout off; autograd still records
model.eval()
out = model(x)
print("eval():            ", out,
      out.requires_grad)

model.train()
# zh: 关闭 autograd；Dropout 仍开启
# en: autograd off; Dropout still on
with torch.no_grad():
    out = model(x)
print("no_grad():         ", out,
      out.requires_grad)

model.eval()
# zh: 评估时：两者都要
# en: evaluation: both
with torch.no_grad():
    out = model(x)
print("eval() + no_grad():", out,
      out.requires_grad)
