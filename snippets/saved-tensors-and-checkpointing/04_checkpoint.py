from torch.utils.checkpoint import \
    checkpoint

runs = 0
def counted(t):
    global runs
    runs += 1
    return block(t)

n_plain = len(saved)
saved.clear()
with hooks:
    h = checkpoint(
        counted, inp,
        use_reentrant=False)
    out_ckpt = checkpoint(
        counted, h,
        use_reentrant=False).sum()
report()
print("forward runs:", runs)
