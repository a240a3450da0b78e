def run(x):
    # zh: 没写 use_reentrant：torch 先
    # zh: 警告一句，再按 True 运行
    # en: use_reentrant left out: torch
    # en: warns, then runs it as True
    return checkpoint(block, x).sum()
