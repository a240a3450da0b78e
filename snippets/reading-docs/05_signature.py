print(inspect.signature(torch.nn.functional.relu))
print(inspect.signature(D.Normal))
try:
    inspect.signature(torch.ones)  # implemented in C++
except ValueError as error:
    print("ValueError:", str(error).split(" <")[0])  # the rest is a memory address
