# zh: .shape 是属性：这是在调用
# zh: 那个 torch.Size
# en: .shape is an attribute: this
# en: calls the torch.Size
x.shape()
