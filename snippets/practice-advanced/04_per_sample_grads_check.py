rows = []
for i in range(len(X)):
    wi = w.clone().requires_grad_()
    loss(wi, X[i], Y[i]).backward()
    rows.append(wi.grad)
want = torch.stack(rows)
assert per_sample.shape == (4, 3), (
    per_sample.shape)
assert torch.equal(per_sample,
                   want), per_sample
