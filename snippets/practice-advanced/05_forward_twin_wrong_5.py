from torch.autograd.functional \
    import jvp


# zh: 名字叫 jvp，算的却是两次反向
# zh: 传播（双重反向的技巧）
# en: named jvp, but computed with
# en: two backward passes (the
# en: double-backward trick)
def jv_at(x, v):
    _, jv = jvp(f, x, v)
    return jv
