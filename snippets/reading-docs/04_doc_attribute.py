doc = torch.ones.__doc__
print("\n".join(
    doc.strip().splitlines()[:4]))
# zh: 和 help() 显示的是同一段文字
# en: the same text help() showed
assert (doc.strip().splitlines()[0]
        in buffer.getvalue())
