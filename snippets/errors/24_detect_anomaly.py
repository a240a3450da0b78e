import re
import warnings

x = torch.tensor([0., 1., 2.], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.set_detect_anomaly(True):
        y = x.exp()              # line 8 of this snippet
        y += 1
        try:
            y.sum().backward()
        except RuntimeError as error:
            print("RuntimeError:", error)
report = str(caught[0].message)  # names this machine's files: keep the gist
print("UserWarning:", report.splitlines()[0])
print("  ...", re.findall(r"line \d+, in \S+", report)[-1])
