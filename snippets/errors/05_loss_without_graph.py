w = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 比如一个被复用的评估辅助函数
# en: e.g. an evaluation helper, reused
with torch.no_grad():
    loss = (w * 3).sum()
print(loss.requires_grad,
      loss.grad_fn)
loss.backward()
