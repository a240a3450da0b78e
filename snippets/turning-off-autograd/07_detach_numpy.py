arr = a.detach().numpy()
print(arr, arr.dtype)
print(arr.ctypes.data == a.data_ptr())  # no copy: same memory as a
print(a.numpy(force=True))  # the same in one call: detaches internally
