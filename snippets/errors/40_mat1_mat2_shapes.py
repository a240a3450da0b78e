import torch

a = torch.arange(6.).view(2, 3)
b = torch.arange(6.).view(2, 3)
a @ b                            # (2x3) @ (2x3): inner sizes 3 and 2 differ
