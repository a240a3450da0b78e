before = [p.clone() for p in model.parameters()]
loss_fn(model(X), Y).backward()
optimizer.zero_grad()  # too early: between backward() and step()
optimizer.step()       # every .grad is None: nothing to update
print([torch.equal(p, b) for p, b in zip(model.parameters(), before)])
