# zh: 以为 item() 和 tolist() 一样
# en: if item() worked like tolist()
b = torch.tensor([1.0, 2.0])
b.tolist()
