got = {k: grad_at(f, v)
       for k, (f, v)
       in cases.items()}
assert guess == got, got
