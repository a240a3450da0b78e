# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 练习：自动微分进阶 { #practice-advanced }
#
# 这 10 道练习来自“进阶：自动微分机制”一章：自己写反向传播并通过 `gradcheck`，一次调用求出笔记里的雅可比矩阵，逐样本梯度，前向模式自动微分，钩子的触发顺序，梯度检查点，以及不可导点上的梯度。每道练习的做法相同：
#
# 1. 运行起始代码单元。它能正常运行，但结果还不对；
# 2. 运行紧接着的检查单元。它会以 `AssertionError` 失败，报错信息里是出问题的那个值。这是预期的；
# 3. 修改起始代码，写出你的答案，重新运行起始代码和检查单元，直到检查通过；
# 4. 再往下是参考答案和解释，参考答案之后的检查单元会再运行一次，这次一定通过。
#
# 所有单元在同一个 Python 进程里从上到下运行。每道练习都新建自己的张量，不依赖前面练习的结果，可以从任意一道开始做。

# %% [markdown]
# ## 练习 1：写出 x³ 的反向传播 { #exercise-1 }
#
# `Cube` 是一个自定义 Function，前向传播算 `y = x ** 3`，并用 `ctx.save_for_backward` 保存了输入。它的 `backward` 写错了：起始代码打印的 `x.grad` 不是 `3 * x ** 2`。改写 `backward`，让检查单元里的两项都通过：等于 `3x²` 乘上游梯度（允许舍入误差），并通过 `torch.autograd.gradcheck`（输入是 float64）。
#
# 提示：`backward` 收到的 `grad_output` 是损失对输出 `y` 的梯度，返回值是损失对输入 `x` 的梯度。

# %% tags=["starter"]
--8<-- "practice-advanced/01_cube_backward_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/01_cube_backward_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/01_cube_backward_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/01_cube_backward_wrong_2.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/01_cube_backward_wrong_3.py"

# %% [markdown]
# ### 参考答案 { #solution-1 }
#
# 由链式法则，`backward` 要返回上游梯度乘局部导数：`grad_output * 3 * x ** 2`。只返回 `3 * x ** 2` 的话，上游梯度全为 1 时（如 `.sum().backward()`）看不出错，检查单元用的上游梯度是 `[1., 2., 3.]`，`gradcheck` 则对每个输出分别传入一个单位向量作为上游梯度，错误就露出来了。像起始代码那样保存输入 `x` 最简单。如果保存的是输出 `y`，照搬公式写成 `3 * y ** 2`，算出的是 `3x⁶` 而不是 `3x²`；改用 `y` 表示成 `3 * y ** (2/3)`，检查单元里的负数输入又会得到 `nan`，因为浮点运算里负数的非整数次幂是 `nan`。写成 `3 * y.abs() ** (2/3)` 是对的，检查单元也接受：这样算与 `3 * x ** 2` 在最后几位上舍入不同，所以检查单元用 `torch.allclose` 比较。`gradcheck` 用有限差分验证解析梯度，要在 float64 下运行，float32 的舍入误差会让它失败。详见[自定义 Function：自己写反向传播](../advanced/custom-function.md#custom-function)。

# %% tags=["solution"]
--8<-- "practice-advanced/01_cube_backward_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/01_cube_backward_check.py"

# %% [markdown]
# ## 练习 2：笔记里的 mm，手写反向传播 { #exercise-2 }
#
# 笔记的例子里用到了 `torch.mm`。`MatMul` 是一个自定义 Function，前向传播算 `a @ b`，`backward` 还只返回全零。写出 `out = a @ b` 对 `a` 和 `b` 的梯度，让结果与 autograd 对 `a @ b` 求出的梯度完全相等，并通过 `gradcheck`。
#
# 提示：`grad_a` 的形状与 `a` 相同，`grad_b` 与 `b` 相同；用形状推一推哪个矩阵要转置、放在哪一边。

# %% tags=["starter"]
--8<-- "practice-advanced/02_mm_backward_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/02_mm_backward_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/02_mm_backward_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/02_mm_backward_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-2 }
#
# 对 `out = a @ b`，`grad_a = grad_out @ b.T`，`grad_b = a.T @ grad_out`。例子里都是 2×2 的方阵，漏了转置或写反了乘法顺序，形状照样对得上，不会报错，只有和 autograd 的结果或 `gradcheck` 比较才能发现。上游梯度全为 1 时，`a.grad` 的每一行都是 `b` 的行和，`b.grad` 的每一列都是 `a` 的列和，与参考答案打印的值一致。详见[自定义 Function：自己写反向传播](../advanced/custom-function.md#custom-function)。

# %% tags=["solution"]
--8<-- "practice-advanced/02_mm_backward_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/02_mm_backward_check.py"

# %% [markdown]
# ## 练习 3：一次调用求出笔记的雅可比矩阵 { #exercise-3 }
#
# 笔记用循环逐行求 `y = (x0² + 3·x1, x1² + 2·x0)` 的雅可比矩阵，每行一次 `backward`，还要 `retain_graph` 和清零。在 `TODO` 处写出 `jac(x)`，用一次函数调用求出 `f` 在 `x` 处的整个雅可比矩阵。在 `x = [2., 3.]` 处，结果要与笔记的 `[[4., 3.], [2., 6.]]` 完全相等；检查单元还会换一个点，与手算的雅可比矩阵 `[[2·x0, 3], [2, 2·x1]]` 比较。
#
# 提示：起始代码已经导入了 `torch.func` 里的一个函数。

# %% tags=["starter"]
--8<-- "practice-advanced/03_jacobian_one_call_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/03_jacobian_one_call_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/03_jacobian_one_call_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/03_jacobian_one_call_wrong_2.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/03_jacobian_one_call_wrong_3.py"

# %% [markdown]
# ### 参考答案 { #solution-3 }
#
# `jacrev(f)` 返回一个求雅可比矩阵的函数，它在内部对每个输出各做一次向量-雅可比积，再用 `vmap` 一次算完，所以 `jac = jacrev(f)` 就是答案；`jacfwd` 用前向模式得到同一个 `J`。`vjp` 配上全 1 的 `v` 只给出一个向量-雅可比积，也就是笔记里的 `[6., 9.]`，不是 `J`。`J` 的第 i 行是第 i 个输出的梯度，加上 `.T` 就把行列颠倒了。直接返回笔记的矩阵这个常量，只在 `[2., 3.]` 处是对的，换一个点就露馅了。详见[完整的雅可比矩阵与海森矩阵](../advanced/jacobians-and-hessians.md#jacobians-and-hessians)。

# %% tags=["solution"]
--8<-- "practice-advanced/03_jacobian_one_call_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/03_jacobian_one_call_check.py"

# %% [markdown]
# ## 练习 4：逐样本梯度 { #exercise-4 }
#
# `loss(w, x, y)` 是一个样本的平方误差。起始代码求的是整批损失之和对 `w` 的梯度，只有一个形状为 `[3]` 的向量。在 `TODO` 处求出每个样本各自的梯度 `per_sample`，形状 `[4, 3]`，第 i 行是第 i 个样本的损失对 `w` 的梯度，不写 Python 循环。
#
# 提示：`torch.func` 里的 `grad` 和 `vmap` 都已导入。

# %% tags=["starter"]
--8<-- "practice-advanced/04_per_sample_grads_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/04_per_sample_grads_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/04_per_sample_grads_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/04_per_sample_grads_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-4 }
#
# `grad(loss)` 是对第一个参数 `w` 求梯度的函数；`vmap(..., in_dims=(None, 0, 0))` 沿 `X` 和 `Y` 的第 0 维逐个样本调用它，`w` 不分批、所有样本共享。结果的各行之和就是整批损失的梯度，参考答案的最后一行验证了这一点。把整批梯度复制 4 份，每行都一样；手推公式时，平方的导数别漏了因子 2。详见[完整的雅可比矩阵与海森矩阵](../advanced/jacobians-and-hessians.md#jacobians-and-hessians)。

# %% tags=["solution"]
--8<-- "practice-advanced/04_per_sample_grads_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/04_per_sample_grads_check.py"

# %% [markdown]
# ## 练习 5：与 [6., 9.] 对应的前向模式结果 J v { #exercise-5 }
#
# 笔记的 `y.backward(v)`（`v = [1., 1.]`）得到 `[6., 9.]`，即向量-雅可比积 vᵀJ。在 `TODO` 处写出 `jv_at(x, v)`：用前向模式自动微分，做一次前向传播求出 `f` 在 `x` 处的雅可比-向量积 `J v`。检查单元先在笔记的点和 `v` 上检查，再换一个点和另一个 `v`，最后把 `f` 换成一个计算 `2 * f(x)`、`backward` 会失败的自定义 Function 再运行一次：用反向模式求出的答案，或者不让切向量经过 `f` 的答案（比如手推出的 `J v`），都过不了这一关。
#
# 提示：`torch.autograd.forward_ad` 已导入为 `fwAD`，要用到其中的 `dual_level`、`make_dual` 和 `unpack_dual`。

# %% tags=["starter"]
--8<-- "practice-advanced/05_forward_twin_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/05_forward_twin_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/05_forward_twin_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/05_forward_twin_wrong_2.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/05_forward_twin_wrong_3.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/05_forward_twin_wrong_4.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/05_forward_twin_wrong_5.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/05_forward_twin_wrong_6.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/05_forward_twin_wrong_7.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/05_forward_twin_wrong_8.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/05_forward_twin_wrong_9.py"

# %% [markdown]
# ### 参考答案 { #solution-5 }
#
# 在 `dual_level()` 里，`make_dual(x, v)` 给 `x` 带上切向量 `v`，前向传播时每个运算都把切向量一起往前推，输出的切向量 `unpack_dual(out).tangent` 就是 `J v`。`J = [[4., 3.], [2., 6.]]`，`J v`（把 `J` 的两列相加）是 `[7., 8.]`，每一项是 `J` 一行的和；vᵀJ（把 `J` 的两行相加）是 `[6., 9.]`，每一项是 `J` 一列的和：同一个 `J`，两种加法。解包输入 `xd` 只会拿回 `v` 本身；直接返回常量 `[7., 8.]`，在检查单元的第二个点上就不对了。切向量只在 `dual_level()` 里面存在：出了 `with` 块再解包，得到的是 `None`。`jacobian(f, x) @ v` 和 `torch.func.jacrev` 用反向模式也能得到正确结果，每求 `J` 的一行就做一次向量-雅可比积；`torch.autograd.functional.jvp` 靠双重反向的技巧，同样是反向模式；用这些写法时，检查单元里的自定义 Function 会运行 `backward`，于是失败。手推的 `J v`，即 `[2·x0·v0 + 3·v1, 2·v0 + 2·x1·v1]`，对这个 `f` 是对的，却根本没有调用 `f`，检查单元把 `f` 换成 `2 * f(x)` 之后就不对了。`torch.func.jvp` 是前向模式，给出同一个值。`jacfwd(f)(x) @ v` 也能通过：它同样是前向模式，只是把整个 `J` 都求了出来（用 `vmap` 为每一列各做一次 `J v`），而这里只需要一次。详见[前向模式自动微分](../advanced/forward-mode.md#forward-mode)。

# %% tags=["solution"]
--8<-- "practice-advanced/05_forward_twin_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/05_forward_twin_check.py"

# %% [markdown]
# ## 练习 6：预测钩子的触发顺序 { #exercise-6 }
#
# 起始代码在叶子张量 `x` 上注册了张量钩子和 `register_post_accumulate_grad_hook`，`run()` 在 `y = x * 2`、它的节点 `y.grad_fn` 上再注册三个钩子，然后反向传播，每个钩子触发时把自己的名字记进 `log`。不运行 `run()`，在 `order` 里按触发的先后写出这五个名字。检查单元会运行 `run()` 并比较。

# %% tags=["starter"]
--8<-- "practice-advanced/06_hook_order_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/06_hook_order_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/06_hook_order_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/06_hook_order_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-6 }
#
# 反向传播从输出往输入走。先到 `y`：`y` 上的张量钩子最先触发，它在节点 `MulBackward0` 的预钩子（`register_prehook`）之前运行，接着节点计算梯度，再触发节点的钩子（`register_hook`，拿到输入梯度和输出梯度）。梯度随后流到叶子 `x`：先触发 `x` 的张量钩子，然后 `AccumulateGrad` 把梯度写进 `x.grad`，最后触发累加后钩子（post-accumulate grad hook）。不同种类的钩子之间，注册的先后不决定触发顺序。详见[钩子及其触发顺序](../advanced/hooks.md#hooks)。

# %% tags=["solution"]
--8<-- "practice-advanced/06_hook_order_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/06_hook_order_check.py"

# %% [markdown]
# ## 练习 7：只生效一次的钩子 { #exercise-7 }
#
# 钩子把 `x` 的梯度放大 10 倍，只应在第一次反向传播时起作用。现在第二次的 `second` 仍是 `[20., 40.]`。在 `TODO` 处加一行，让 `second` 等于不经钩子的梯度 `[2., 4.]`，并且钩子是从这个 `x` 上移除的。

# %% tags=["starter"]
--8<-- "practice-advanced/07_remove_hook_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/07_remove_hook_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/07_remove_hook_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/07_remove_hook_wrong_2.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/07_remove_hook_wrong_3.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/07_remove_hook_wrong_4.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/07_remove_hook_wrong_5.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/07_remove_hook_wrong_6.py"

# %% [markdown]
# ### 参考答案 { #solution-7 }
#
# `register_hook` 返回一个句柄，调用它的 `remove()` 才能移除钩子。`del h` 只删掉了变量名，钩子仍挂在 `x` 上；`h.remove` 少了括号，只是取到这个方法而没有调用它，同样什么都没变。再加一个除以 10 的钩子，`second` 的值对了，但两个钩子都还挂在 `x` 上，每次反向传播都运行；所以检查单元还要确认 `x` 上没有剩下钩子。换一个新张量顶替 `x`（`x = x.detach().requires_grad_()`，或者重新建一个 `x`），`second` 也对了，但钩子从没被移除，还挂在旧的张量上，而真实程序里旧张量往往还在别处使用（比如模型的参数）；所以检查单元还要确认句柄指向的钩子表就是这个 `x` 的。再注册一个钩子也替换不了第一个，两个都会运行。详见[钩子及其触发顺序](../advanced/hooks.md#hooks)。

# %% tags=["solution"]
--8<-- "practice-advanced/07_remove_hook_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/07_remove_hook_check.py"

# %% [markdown]
# ## 练习 8：给一个块加梯度检查点，数它运行了几次 { #exercise-8 }
#
# `block` 每运行一次，`calls` 加 1。改写 `run`，让 `block` 经过 `torch.utils.checkpoint.checkpoint`，并传入 `use_reentrant=False`。这样前向传播时不保存块内的中间张量，反向传播时重新运行一次块。检查单元会验证前向传播后 `calls` 是 1，反向传播后是 2，梯度正确，而且计算图是 `use_reentrant=False` 记录的那种。

# %% tags=["starter"]
--8<-- "practice-advanced/08_checkpoint_count_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/08_checkpoint_count_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/08_checkpoint_count_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/08_checkpoint_count_wrong_2.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/08_checkpoint_count_wrong_3.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/08_checkpoint_count_wrong_4.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/08_checkpoint_count_wrong_5.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/08_checkpoint_count_wrong_6.py"

# %% [markdown]
# ### 参考答案 { #solution-8 }
#
# 梯度检查点用计算换内存：前向传播时只保存块的输入，不保存块内 `sin`、`cos` 等运算为反向传播保存的张量；反向传播到这个块时，再运行一次块把它们算回来，所以 `calls` 从 1 变成 2。在 `no_grad()` 里运行块确实不保存任何东西，但也不记录计算图，事后补上 `requires_grad_()` 也接不回 `x`，`x.grad` 是 `None`。自己把块运行两遍不会省内存，前向传播后 `calls` 已经是 2。`use_reentrant=True` 计数相同，但它把整个块记成一个节点 `CheckpointFunctionBackward`，而且只能配合 `backward()`，不能配合 `torch.autograd.grad`；不写 `use_reentrant`，torch 先警告，再用的也是这一种。如果梯度检查点包住的是对块输出求和的 `torch.sum`，而不是块本身，块就照常只运行一次，块内的张量也照常保存；如果先对输入 `detach()`，输出就和 `x` 断开了。参考答案新建了一个 `x`：上面的检查单元已经对它自己的 `x` 做过反向传播，接着用那个 `x`，第二次的梯度会累加进它的 `.grad`。`sin(x) * cos(x)` 的导数是 `cos(2x)`，与打印的梯度一致。详见[保存的张量与梯度检查点](../advanced/saved-tensors-and-checkpointing.md#saved-tensors-and-checkpointing)。

# %% tags=["solution"]
--8<-- "practice-advanced/08_checkpoint_count_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/08_checkpoint_count_check.py"

# %% [markdown]
# ## 练习 9：修好 where 的 nan 梯度 { #exercise-9 }
#
# `torch.where(x > 0, torch.sqrt(x), 0.)` 的值是对的，`[0., 0., 2.]`，`x.grad` 前两个却是 `nan`。改写 `f`，让值不变，梯度为 `[0., 0., 0.25]`。检查单元用它自己的 `x` 调用 `f`，在 `torch.autograd.detect_anomaly()` 下做反向传播：反向传播中只要有一个节点返回 `nan` 就报错，所以事后再清理梯度是过不了的。
#
# 提示：`where` 的反向传播给没选中的分支传回 0，可 `sqrt` 的反向传播是把这个 0 除以 `2 * sqrt(x)`，而 `0 / nan` 和 `0 / 0` 都是 `nan`。

# %% tags=["starter"]
--8<-- "practice-advanced/09_where_nan_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/09_where_nan_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/09_where_nan_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/09_where_nan_wrong_2.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/09_where_nan_wrong_3.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/09_where_nan_wrong_4.py"

# %% [markdown]
# ### 参考答案 { #solution-9 }
#
# 两个分支都会被计算，也都会反向传播。`sqrt(-1.)` 是 `nan`，`sqrt(0.)` 是 0；`sqrt` 的反向传播把 `where` 传来的 0 除以 `2 * sqrt(x)`：`x = -1` 处是 `0 / nan`，`x = 0` 处是 `0 / 0`，都是 `nan`。办法是先用一个 `where` 把不要的位置换成安全的值（这里是 `1.`），再开方，`sqrt` 就只见到正数。`nan_to_num` 只清理了值，梯度不受影响；`clamp(min=0)` 让 `x = -1` 处的梯度变回 0，但 `x = 0` 处仍是 `sqrt` 反向传播里的 `0 / 0`。事后把 `x.grad` 里的 `nan` 换掉，或者在 `x` 的钩子里换掉，这里的数值是对了，但 `SqrtBackward0` 照样返回 `nan`；在更大的计算图里，`nan` 会从这个节点继续往回传，凡是这个节点的输入所依赖的张量，梯度都会被污染，而不只是被修补的那一个。异常检测就停在这个节点上。详见[不可导点与数值问题](../advanced/non-differentiable-points.md#non-differentiable-points)。

# %% tags=["solution"]
--8<-- "practice-advanced/09_where_nan_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/09_where_nan_check.py"

# %% [markdown]
# ## 练习 10：不可导点上的梯度 { #exercise-10 }
#
# `relu`、`abs` 在 0 处不可导，`clamp(0, 1)` 在边界 0 处不可导，`max([1., 1.])` 有两个并列的最大值。autograd 在这些点上仍然给出一个确定的梯度。不运行 `grad_at`，在 `guess` 里写出每一处的梯度（`grad_at` 返回的列表）。

# %% tags=["starter"]
--8<-- "practice-advanced/10_kinks_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/10_kinks_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/10_kinks_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/10_kinks_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-10 }
#
# autograd 在不可导点上按约定取一个值：`relu` 和 `abs` 在 0 处取 0；`clamp` 在边界上让梯度通过，取 1；对整个张量求 `max` 时，并列的最大值平分梯度，各得 0.5。只有带 `dim` 的 `max`（它同时返回下标）才把梯度全给选中的那一个。这些是实现的约定，不是数学上唯一的答案。详见[不可导点与数值问题](../advanced/non-differentiable-points.md#non-differentiable-points)。

# %% tags=["solution"]
--8<-- "practice-advanced/10_kinks_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/10_kinks_check.py"
