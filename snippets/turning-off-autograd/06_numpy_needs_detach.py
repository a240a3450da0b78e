a.numpy()
