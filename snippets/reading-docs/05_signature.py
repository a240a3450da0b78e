print(inspect.signature(
    torch.nn.functional.relu))
print(inspect.signature(D.Normal))
try:
    # zh: 用 C++ 实现
    # en: implemented in C++
    inspect.signature(torch.ones)
except ValueError as error:
    # zh: 其余部分是一个内存地址
    # en: the rest is a memory address
    print("ValueError:",
          str(error).split(" <")[0])
