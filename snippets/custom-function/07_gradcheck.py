from torch.autograd import (
    gradcheck, gradgradcheck)
from torch.autograd.gradcheck \
    import GradcheckError

# zh: 取值点避开 0、1 这样的特殊值
# en: check points away from special
# en: values such as 0 and 1
x = torch.tensor([0.5, 2.],
                 dtype=torch.float64,
                 requires_grad=True)
print(gradcheck(Exp.apply, (x,)))
print(gradgradcheck(Exp.apply, (x,)))
print(issubclass(GradcheckError,
                 RuntimeError))
