a = torch.tensor([3.5])
print((a, a.item(), float(a),
       int(a)))
