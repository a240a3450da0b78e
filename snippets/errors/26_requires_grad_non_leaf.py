x = torch.tensor([1., 2.], requires_grad=True)
h = x * 2                        # computed: not a leaf
h.requires_grad = False
