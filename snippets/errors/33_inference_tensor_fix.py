with torch.inference_mode():
    feats = torch.tensor([1., 2.]) * 3
w = torch.tensor([0.5, 0.5], requires_grad=True)
(w * feats.clone()).sum().backward()     # clone outside: a normal tensor
print(w.grad)
with torch.no_grad():            # or use no_grad instead of inference_mode
    feats = torch.tensor([1., 2.]) * 3
print(feats.is_inference())
