x = torch.arange(4.0)
x.requires_grad_(Ture)
