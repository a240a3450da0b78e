def run(x):
    # zh: 自己把块算两遍
    # en: the block run twice by hand
    block(x)
    return block(x).sum()
