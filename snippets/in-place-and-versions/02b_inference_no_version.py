with torch.inference_mode():
    # zh: 推理模式下新建的是推理张量
    # en: made under inference_mode: an
    # en: inference tensor
    r = torch.ones(3)
r._version
