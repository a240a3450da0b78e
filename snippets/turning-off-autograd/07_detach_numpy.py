arr = a.detach().numpy()
print(arr, arr.dtype)
# zh: 没有复制：与 a 是同一块内存
# en: no copy: same memory as a
print(arr.ctypes.data
      == a.data_ptr())
# zh: 一次调用做同样的事：内部先 detach
# en: the same in one call: detaches
# en: internally
print(a.numpy(force=True))
