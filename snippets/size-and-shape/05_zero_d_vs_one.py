w1 = torch.tensor(2.0,
                  requires_grad=True)
print(w1.data, w1.shape, w1.grad,
      w1.grad_fn)
w1 = torch.tensor([2.0],
                  requires_grad=True)
print(w1.data, w1.size(), w1.grad,
      w1.grad_fn)
