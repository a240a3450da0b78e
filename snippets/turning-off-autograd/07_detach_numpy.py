arr = a.detach().numpy()
print(arr, arr.dtype)
print(arr.ctypes.data == a.data_ptr())  # no copy: same memory as a
