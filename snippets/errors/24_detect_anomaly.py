import re
import warnings
x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.set_detect_anomaly(True):
        y = x.exp()
        # zh: 上面这行是本段代码的第 8 行
        # en: the line above is line 8
        # en: of this snippet
        y += 1
        try:
            y.sum().backward()
        except RuntimeError as error:
            print("RuntimeError:",
                  error)
# zh: 报告里有本机的文件路径：
# zh: 只保留要点
# en: names this machine's files:
# en: keep the gist
report = str(caught[0].message)
print("UserWarning:",
      report.splitlines()[0])
print("  ...",
      re.findall(r"line \d+, in \S+",
                 report)[-1])
