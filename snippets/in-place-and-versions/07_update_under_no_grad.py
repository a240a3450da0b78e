with torch.no_grad():  # the update itself is not recorded
    w -= 0.1 * w.grad
print(w, w.is_leaf, w._version)
