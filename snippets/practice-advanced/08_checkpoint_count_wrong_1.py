def run(x):
    # zh: 以为 no_grad() 就能省内存，
    # zh: 再补上 requires_grad
    # en: no_grad() taken to save the
    # en: memory, requires_grad put back
    with torch.no_grad():
        y = block(x).sum()
    return y.requires_grad_()
