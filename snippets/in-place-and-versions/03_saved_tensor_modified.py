x = torch.tensor([0., 1., 2.], requires_grad=True)
y = x.exp()       # exp saves its output y: d exp(x)/dx = exp(x)
print(y._version)
y.add_(1)         # modifies the saved y in place
print(y._version)
y.sum().backward()
