# zh: 更新本身不被记录
# en: the update itself is not recorded
with torch.no_grad():
    w -= 0.1 * w.grad
print(w, w.is_leaf, w._version)
