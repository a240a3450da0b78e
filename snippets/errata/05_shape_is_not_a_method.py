w1 = torch.tensor([2.0], requires_grad=True)
print(w1.shape, w1.size())
w1.shape()
