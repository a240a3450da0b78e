loss_fn(model(X), Y).backward()
with torch.no_grad():  # SGD's rule by hand, not recorded
    expected = [p - 0.05 * p.grad for p in model.parameters()]
optimizer.step()
print([torch.equal(p, e) for p, e in zip(model.parameters(), expected)])
print(model.weight.is_leaf, model.weight.grad_fn)  # still a leaf

optimizer.zero_grad()
print(model.weight.grad)  # zero_grad() set it back to None
