import warnings

from torch.autograd import (
    detect_anomaly)

x = torch.tensor([-1., 4.],
                 dtype=torch.float64,
                 requires_grad=True)
# zh: 检测模式的警告含本机路径：
# zh: 记录下来，不打印
# en: anomaly mode's warnings name
# en: this machine's files: recorded,
# en: not printed
with warnings.catch_warnings(
        record=True):
    with detect_anomaly():
        y = torch.where(
            x > 0, torch.sqrt(x), 0.)
        y.sum().backward()
