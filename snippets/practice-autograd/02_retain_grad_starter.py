import torch

# Same code as the notes; this time keep the first line as it is (x stays a view)
x = torch.tensor([2., 1.], requires_grad=True).view(1, 2)
y = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]), retain_graph=True)
print(x.grad)
