import math

print([n for n in dir(math)
       if n.startswith("__")])
print([n for n in
       dir(torch.distributions)
       if n.startswith("__")])
