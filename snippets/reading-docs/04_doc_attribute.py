doc = torch.ones.__doc__
print("\n".join(doc.strip().splitlines()[:4]))
assert doc.strip().splitlines()[0] in buffer.getvalue()  # the same text help() showed
