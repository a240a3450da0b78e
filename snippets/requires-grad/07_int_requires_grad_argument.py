x = torch.arange(4,
                 requires_grad=True)
