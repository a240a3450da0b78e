with torch.inference_mode():
    b = a.pow(2).sum()
print(b, b.requires_grad,
      b.is_inference())
