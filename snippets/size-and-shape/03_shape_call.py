x.shape()  # .shape is an attribute: this calls the torch.Size
