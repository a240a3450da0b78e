x = torch.ones(10, 3)   # 10 samples, 3 features
w = torch.ones(2, 3)    # meant: one weight per feature
x * w                   # compared from the right: 3 and 3, then 10 and 2
