n = w.detach().numpy()
# zh: 仍然是 w 的内存
# en: still w's memory
print(n, np.shares_memory(
    n, w.detach().numpy()))
# zh: 一份独立的副本
# en: an independent copy
safe = w.detach().numpy().copy()
safe[0] = 0.0
print(w)
# zh: 替你做了 detach()（和 cpu()）
# en: detach() (and cpu()) done for you
print(w.numpy(force=True))
