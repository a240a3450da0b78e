# the notes' step 3, run right after step 2 on the same y
y.backward(torch.Tensor([[1, 0]]), retain_graph=True)
