modules = [n for n in public if inspect.ismodule(getattr(D, n))]
functions = [n for n in public if inspect.isfunction(getattr(D, n))]
classes = [n for n in public if inspect.isclass(getattr(D, n))]
dists = [n for n in classes if issubclass(getattr(D, n), D.Distribution)]
print(len(modules), "submodules, e.g.", modules[:6])
print(len(functions), "functions:", functions)
print(len(classes), "classes, of which", len(dists), "are distributions:")
print(textwrap.fill(", ".join(dists), width=76))
