with torch.inference_mode():
    feats = torch.tensor([1., 2.]) * 3   # e.g. features from a frozen model
print(feats.is_inference())
w = torch.tensor([0.5, 0.5], requires_grad=True)
(w * feats).sum().backward()     # mul saves feats for w's gradient
