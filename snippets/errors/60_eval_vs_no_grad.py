import torch

torch.manual_seed(1)
model = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Dropout(p=0.5))
with torch.no_grad():            # fixed weights (the identity): readable outputs
    model[0].weight.copy_(torch.tensor([[1., 0.], [0., 1.]]))
    model[0].bias.zero_()
x = torch.tensor([[1., 2.]])

model.eval()                     # Dropout off; autograd still records
out = model(x)
print("eval():            ", out, out.requires_grad)

model.train()
with torch.no_grad():            # autograd off; Dropout still on
    out = model(x)
print("no_grad():         ", out, out.requires_grad)

model.eval()
with torch.no_grad():            # evaluation: both
    out = model(x)
print("eval() + no_grad():", out, out.requires_grad)
