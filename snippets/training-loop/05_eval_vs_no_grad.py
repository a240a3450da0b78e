torch.manual_seed(0)
layer = nn.Linear(6, 6)
# zh: 单位矩阵权重：输出直接显示
# zh: Dropout 做了什么
# en: identity weights: the output
# en: shows what Dropout does
with torch.no_grad():
    layer.weight.copy_(torch.eye(6))
    layer.bias.fill_(0.)
net = nn.Sequential(
    layer, nn.Dropout(p=0.5))
x = torch.ones(1, 6)


def show(label):
    out = net(x)
    grad_fn = (
        type(out.grad_fn).__name__
        if out.grad_fn else None)
    print(
        f"{label:<17} "
        "training="
        f"{net.training!s:<5} "
        "requires_grad="
        f"{out.requires_grad!s:<5} "
        "grad_fn="
        f"{grad_fn!s:<14} "
        f"{out.tolist()[0]}")


net.train()
show("train()")
with torch.no_grad():
    show("train() + no_grad")
net.eval()
show("eval()")
with torch.no_grad():
    show("eval() + no_grad")
