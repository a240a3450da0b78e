layer = torch.nn.Linear(3, 2)    # expects 3 features per row
x = torch.ones(4, 5)             # 4 rows of 5 features
layer(x)
