import torch

a = torch.tensor([3.5])
b = torch.tensor([[3.5]])
c = torch.tensor([1.5, 2.0])

# zh: 要的是 Python 数（float），不是张量
# en: Python numbers (float), not tensors
# zh: 张量还不是 Python float
# en: a tensor is not a Python float yet
a_num = a
b_num = None
# zh: c 的元素之和
# en: the sum of c's elements
c_total = None
# zh: c 的元素，作为 Python 列表
# en: c's elements as a Python list
c_list = None
