# zh: 输出：[N, 1]
# en: output: [N, 1]
pred = torch.tensor(
    [[1.], [2.], [3.]],
    requires_grad=True)
# zh: 标签：[N]
# en: labels: [N]
target = torch.tensor([1., 2., 3.])
loss_fn = torch.nn.MSELoss()
# zh: 先给出警告，再算全部 3 x 3 对
# en: a warning, then all 3 x 3 pairs
wrong = loss_fn(pred, target)
# zh: 形状相同：正确的损失
# en: the same shapes: the right loss
right = loss_fn(pred.squeeze(1),
                target)
print((pred - target).shape,
      wrong.detach(), right.detach())
wrong.backward()
# zh: 把每个预测都拉向 2
# en: pulls every prediction towards 2
print(pred.grad.flatten())
