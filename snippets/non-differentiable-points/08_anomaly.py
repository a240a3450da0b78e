import re
import warnings

from torch.autograd import (
    detect_anomaly)

x.grad = None
with warnings.catch_warnings(
        record=True) as caught:
    warnings.simplefilter("always")
    with detect_anomaly():
        y = torch.where(
            x > 0, torch.sqrt(x), 0.)
        try:
            y.sum().backward()
        except RuntimeError as error:
            print("RuntimeError:",
                  error)
# zh: 第一条警告：打开检测模式的代价
# en: the first warning: what anomaly
# en: mode costs
print(caught[0].message)
# zh: 第二条警告给出前向的调用位置；
# zh: 它含本机路径，只保留要点
# en: the second warning shows where the
# en: forward ran; it names this
# en: machine's files: keep the gist
report = str(caught[1].message)
print(report.splitlines()[0])
print(re.findall(r"line \d+, in \S+",
                 report)[-1])
