pred = torch.tensor([[1.], [2.], [3.]], requires_grad=True)  # output: [N, 1]
target = torch.tensor([1., 2., 3.])                          # labels: [N]
loss_fn = torch.nn.MSELoss()
wrong = loss_fn(pred, target)             # a warning, then all 3 x 3 pairs
right = loss_fn(pred.squeeze(1), target)  # the same shapes: the right loss
print((pred - target).shape, wrong.detach(), right.detach())
wrong.backward()
print(pred.grad.flatten())                # pulls every prediction towards 2
