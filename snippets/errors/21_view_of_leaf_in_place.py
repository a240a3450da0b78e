w = torch.tensor([1., 2., 3.], requires_grad=True)
w[0] = 0.                        # indexing gives a view of w
