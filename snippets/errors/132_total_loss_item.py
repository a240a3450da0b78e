total_loss = 0.
for step in range(3):
    loss = model(torch.randn(4, 2)).pow(2).mean()
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    total_loss += loss.item()      # a Python float: the graph can go
print(type(total_loss).__name__, round(total_loss, 4))
print(loss.detach().grad_fn)       # or keep a tensor without its graph
