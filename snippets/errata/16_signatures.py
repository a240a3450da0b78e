for f in (torch.dot, torch.mm,
          torch.matmul):
    print(f.__doc__.strip()
          .split("\n")[0])
