n = w.detach().numpy()
print(n, np.shares_memory(n, w.detach().numpy()))  # still w's memory
safe = w.detach().numpy().copy()  # an independent copy
safe[0] = 0.0
print(w)
print(w.numpy(force=True))  # detach() (and cpu()) done for you
