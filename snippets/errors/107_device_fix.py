device = w.device                                # one device for everything
print((w + x.to(device)).device)
model = torch.nn.Linear(2, 1).to(device)         # the model ...
print(model(torch.ones(1, 2).to(device)).shape)  # ... and each batch
