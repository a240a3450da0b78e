with torch.inference_mode():
    # zh: 比如来自冻结模型的特征
    # en: e.g. features from
    # en: a frozen model
    feats = torch.tensor(
        [1., 2.]) * 3
print(feats.is_inference())
w = torch.tensor([0.5, 0.5],
                 requires_grad=True)
# zh: mul 为计算 w 的梯度保存了 feats
# en: mul saves feats for w's gradient
(w * feats).sum().backward()
