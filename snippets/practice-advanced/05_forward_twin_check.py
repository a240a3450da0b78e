from torch.func import jacrev
from torch.autograd.functional \
    import jacobian

# zh: 笔记的点和 v，再换一组
# en: the notes' point and v, then
# en: another pair
pairs = [([2., 3.], [1., 1.]),
         ([-1., .5], [1., 2.])]
for p, u in pairs:
    p = torch.tensor(p)
    u = torch.tensor(u)
    got = jv_at(p, u)
    want = jacobian(f, p) @ u
    # zh: 离开 dual_level 之后再读，
    # zh: 切向量已是 None
    # en: read after leaving
    # en: dual_level, the tangent is
    # en: None
    assert isinstance(
        got, torch.Tensor) and (
        torch.equal(got, want)), (
        f"jv_at({p}, {u}) = {got}"
        f" != J v = {want}")

f_given = f


# zh: 把 f 换成一个自定义 Function：
# zh: 它的 jvp 给出 J v（前向模式），
# zh: 它的 backward 一运行就失败：
# zh: 用反向模式的答案过不了这一关
# en: f swapped for a custom
# en: Function: its jvp gives J v
# en: (forward mode), its backward
# en: fails as soon as it runs, so a
# en: reverse-mode answer fails here
class F(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return f_given(x)

    @staticmethod
    def setup_context(
            ctx, inputs, output):
        ctx.save_for_forward(*inputs)

    @staticmethod
    def jvp(ctx, t):
        x, = ctx.saved_tensors
        J = jacrev(f_given)(x)
        return J @ t

    @staticmethod
    def backward(ctx, grad):
        raise AssertionError(
            "backward: reverse mode")


f = F.apply
try:
    jv_at(p, u)
finally:
    f = f_given
