import re
import warnings


def forward(x):
    y = x.exp()
    y.add_(1)
    # zh: 上面这行就是罪魁祸首
    # en: the line above is the culprit
    return y.sum()


x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
with (
    torch.autograd
    .set_detect_anomaly(True),
    warnings.catch_warnings(
        record=True
    ) as caught,
):
    warnings.simplefilter("always")
    loss = forward(x)
    try:
        loss.backward()
    except RuntimeError as error:
        # zh: 其余部分同上
        # en: the rest as above
        print(
            "RuntimeError: ... "
            "Hint:",
            str(error)
            .split("Hint: ")[1],
        )

# zh: 警告里带有前向调用的回溯。
# zh: 其中的文件名属于本机，所以只
# zh: 打印它的第一行和最后一帧
# zh: （本段代码中的一行）。
# en: The warning carries a traceback of
# en: the forward call. Its file names
# en: belong to this machine, so print
# en: its first line and the last frame
# en: (a line of this snippet).
report = str(caught[0].message)
print(
    caught[0].category.__name__
    + ":",
    report.splitlines()[0],
)
# zh: 最后一帧
# en: the last frame
print(re.findall(r"line \d+, in \S+",
                 report)[-1])
