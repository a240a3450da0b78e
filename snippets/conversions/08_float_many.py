float(b)
