print(w.grad)
