torch.dot(torch.rand(2, 3),
          torch.rand(2, 2))
