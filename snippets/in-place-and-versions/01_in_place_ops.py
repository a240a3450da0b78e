import torch

x = torch.tensor([1., 2., 3.])
# zh: x 的数据所在的地址
# en: where x's data lives
address = x.data_ptr()

# zh: 末尾带下划线：原地操作
# en: trailing underscore: in place
x.add_(1)
# zh: 增强赋值：对张量也是原地操作
# en: augmented assignment: also in
# en: place for tensors
x += 1
# zh: 索引赋值：原地操作
# en: index assignment: in place
x[0] = 0.
print(x, x.data_ptr() == address)

# zh: 新建一个张量，再把名字 x 绑定到它
# en: a new tensor, then the name x is
# en: rebound to it
x = x + 1
print(x, x.data_ptr() == address)
