with torch.inference_mode():
    feats = torch.tensor(
        [1., 2.]) * 3
w = torch.tensor([0.5, 0.5],
                 requires_grad=True)
# zh: 在外面 clone：得到普通张量
# en: clone outside: a normal tensor
(w * feats.clone()).sum().backward()
print(w.grad)
# zh: 或者用 no_grad 代替 inference_mode
# en: or use no_grad instead of
# en: inference_mode
with torch.no_grad():
    feats = torch.tensor(
        [1., 2.]) * 3
print(feats.is_inference())
