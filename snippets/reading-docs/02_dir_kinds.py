modules = [
    n for n in public
    if inspect.ismodule(
        getattr(D, n))
]
functions = [
    n for n in public
    if inspect.isfunction(
        getattr(D, n))
]
classes = [
    n for n in public
    if inspect.isclass(getattr(D, n))
]
dists = [
    n for n in classes
    if issubclass(getattr(D, n),
                  D.Distribution)
]
print(f"{len(modules)=}",
      modules[:6])
print(f"{len(functions)=}",
      functions)
print(f"{len(classes)=}, "
      f"{len(dists)=}")
print(textwrap.fill(", ".join(dists),
                    width=76))
