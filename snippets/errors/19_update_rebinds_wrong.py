# A common wrong "fix": write it out of place. It runs, but w is no longer a leaf
w = torch.tensor([1., 2.], requires_grad=True)
(w ** 2).sum().backward()
w = w - 0.25 * w.grad
print(w.is_leaf, type(w.grad_fn).__name__)
(w ** 2).sum().backward()
print(w.grad)                    # the next step has nothing to read
