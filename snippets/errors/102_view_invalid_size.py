x = torch.arange(6.)    # 6 elements
x.view(4)               # 4 elements asked for
