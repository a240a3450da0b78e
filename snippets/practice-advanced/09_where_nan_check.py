from warnings import (
    catch_warnings, simplefilter)
from torch.autograd import (
    detect_anomaly)

# zh: 检查单元用自己的 x 调用 f，在
# zh: 异常检测下反向传播：哪个节点
# zh: 返回了 nan，就在哪里报错
# en: the check calls f on its own x
# en: and runs backward under anomaly
# en: detection: a node that returns
# en: a nan raises there
x = torch.tensor([-1., 0., 4.],
                 requires_grad=True)
try:
    # zh: 不显示它的提示和前向调用栈
    # en: without its notice and the
    # en: forward traceback
    with catch_warnings():
        simplefilter("ignore")
        with detect_anomaly():
            y = f(x)
            y.sum().backward()
except RuntimeError as e:
    raise AssertionError(e) from None
assert torch.equal(
    y.detach(),
    torch.tensor([0., 0., 2.])), y
assert torch.equal(
    x.grad,
    torch.tensor([0., 0., 0.25])
), x.grad
