import re
import warnings


def forward(x):
    y = x.exp()
    y.add_(1)      # the culprit
    return y.sum()


x = torch.tensor([0., 1., 2.], requires_grad=True)
with torch.autograd.set_detect_anomaly(True), warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    loss = forward(x)
    try:
        loss.backward()
    except RuntimeError as error:
        print("RuntimeError: ... Hint:", str(error).split("Hint: ")[1])  # the rest as above

# The warning carries a traceback of the forward call. Its file names belong to this
# machine, so print its first line and the last frame (a line of this snippet).
report = str(caught[0].message)
print(caught[0].category.__name__ + ":", report.splitlines()[0])
print(re.findall(r"line \d+, in \S+", report)[-1])  # the last frame
