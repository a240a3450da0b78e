w = torch.ones(2, device="meta")  # another device (meta: shapes only, no data)
x = torch.ones(2)                 # on the CPU
w + x
