assert shared[0].item() == 100., (
    f"shared = {shared.tolist()}")
assert copied[0].item() == 1., (
    f"copied = {copied.tolist()}")
assert x[1].item() == 2., (
    f"x = {x.tolist()}")
