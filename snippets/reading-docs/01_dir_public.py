import inspect
import textwrap

import torch

D = torch.distributions
# zh: 已排序
# en: sorted
names = dir(D)
# zh: 去掉 __dunder__ 和 _private
# en: drops __dunder__ and _private
public = [n for n in names
          if not n.startswith("_")]
print(f"{len(names)=}, "
      f"{len(public)=}")
print([n for n in names
       if n.startswith("_")])
print(public[:15])
