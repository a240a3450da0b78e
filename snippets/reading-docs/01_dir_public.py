import inspect
import textwrap

import torch

D = torch.distributions
names = dir(D)  # sorted
public = [n for n in names if not n.startswith("_")]  # drops __dunder__ and _private
print(f"{len(names)=}, {len(public)=}")
print([n for n in names if n.startswith("_")])
print(public[:15])
