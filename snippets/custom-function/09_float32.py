x32 = torch.tensor(
    [0.5, 2.], requires_grad=True)
# zh: 正确的 Exp，但输入是 float32
# en: the correct Exp, float32 input
print(gradcheck(
    Exp.apply, (x32,),
    raise_exception=False))
print(gradgradcheck(
    Exp.apply, (x32,),
    raise_exception=False))
