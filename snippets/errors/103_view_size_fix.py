print(x.numel(), x.view(2, 3).shape, x.view(-1, 2).shape)  # -1: "whatever is left"
