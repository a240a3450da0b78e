import torch

a = torch.tensor([3.5])
b = torch.tensor([[3.5]])
c = torch.tensor([1.5, 2.0])

# Python numbers (float), not tensors
a_num = a          # a tensor is not a Python float yet
b_num = None
c_total = None     # the sum of c's elements
# c's elements as a Python list
c_list = None
