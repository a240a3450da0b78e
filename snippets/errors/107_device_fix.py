# zh: 所有东西都用同一个设备
# en: one device for everything
device = w.device
print((w + x.to(device)).device)
# zh: 模型……
# en: the model ...
model = torch.nn.Linear(
    2, 1).to(device)
# zh: ……和每个批次
# en: ... and each batch
print(model(
    torch.ones(1, 2).to(device)
).shape)
