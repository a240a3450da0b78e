torch.manual_seed(0)
w1 = torch.randn(4, 4,
                 requires_grad=True)
w2 = torch.randn(4, 4,
                 requires_grad=True)
inp = torch.randn(8, 4)

def block(t):
    return torch.tanh(t @ w1) @ w2

saved = []
# zh: 计算图每保存一个张量，
# zh: 就调用一次 pack
# en: pack is called once per tensor
# en: the graph saves
def pack(t):
    saved.append(t)
    return t

def unpack(t):
    return t

# zh: 按存储去重：同一块内存
# zh: 可能被保存不止一次
# en: one per storage: the same
# en: memory may be saved twice
def distinct(ts):
    return {t.untyped_storage()
            .data_ptr(): t
            for t in ts}

def nbytes(ts):
    return sum(t.nbytes for t in ts)

def report():
    d = distinct(saved).values()
    print(len(saved), "tensors,",
          nbytes(saved), "bytes;",
          len(d), "distinct,",
          nbytes(d), "bytes")

graph = torch.autograd.graph
hooks = graph.saved_tensors_hooks(
    pack, unpack)
with hooks:
    out = block(block(inp)).sum()
report()
# zh: 每个张量的形状，如 8x4
# en: each tensor's shape, as 8x4
print(*("x".join(map(str, t.shape))
        for t in saved))
# zh: 去掉没有计算图也存在的
# zh: inp、w1、w2：剩下激活值
# en: without inp, w1, w2, which exist
# en: anyway: the activations
have = distinct((inp, w1, w2))
uniq = list(distinct(saved).values())
acts = [t for p, t
        in distinct(saved).items()
        if p not in have]
print(len(acts), "activations,",
      nbytes(acts), "bytes")
