from torch.func import jacrev


# zh: torch.func 里的 jacrev 也是反向
# zh: 模式：rev 即 reverse
# en: jacrev in torch.func is reverse
# en: mode too: rev for reverse
def jv_at(x, v):
    return jacrev(f)(x) @ v
