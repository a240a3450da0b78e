# A common wrong "fix": switch requires_grad on for the loss itself
w = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    loss = (w * 3).sum()
print(loss.is_leaf, loss.requires_grad)  # computed under no_grad: already a leaf
loss.requires_grad_(True)
loss.backward()                  # no error any more ...
print(loss.is_leaf, w.grad)      # ... but loss is still a leaf, w gets nothing
