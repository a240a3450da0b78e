h = x * 2
h.register_post_accumulate_grad_hook(
    lambda t: print(t.grad))
