# The notes' second example: dot only takes 1-D tensors
torch.dot(torch.rand(2, 3), torch.rand(2, 2))
