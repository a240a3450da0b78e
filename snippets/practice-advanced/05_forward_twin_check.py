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


# zh: 把 f 换成一个算 2 * f(x) 的
# zh: 自定义 Function：它的 jvp 给出
# zh: 2 J v（前向模式），它的 backward
# zh: 一运行就失败。用反向模式的答案、
# zh: 不让切向量经过 f 的答案（手推的
# zh: J v）都过不了这一关
# en: f swapped for a custom
# en: Function computing 2 * f(x):
# en: its jvp gives 2 J v (forward
# en: mode), its backward fails as
# en: soon as it runs. An answer in
# en: reverse mode, or one that does
# en: not push the tangent through f
# en: (J v worked out by hand), fails
def f_twice(x):
    return 2 * f_given(x)


class F(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return f_twice(x)

    @staticmethod
    def setup_context(
            ctx, inputs, output):
        ctx.save_for_forward(*inputs)

    @staticmethod
    def jvp(ctx, t):
        x, = ctx.saved_tensors
        J = jacrev(f_twice)(x)
        return J @ t

    @staticmethod
    def backward(ctx, grad):
        raise AssertionError(
            "backward: reverse mode")


f = F.apply
try:
    got = jv_at(p, u)
finally:
    f = f_given
want = jacrev(f_twice)(p) @ u
assert isinstance(
    got, torch.Tensor) and (
    torch.equal(got, want)), (
    f"jv_at({p}, {u}) = {got}"
    f" != 2 J v = {want}")
