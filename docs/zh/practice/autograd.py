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
# # 练习：自动微分 { #practice-autograd }
#
# 这里的 10 道练习大多来自两份学习笔记里的错误和没解决的问题，每道题都能在本站的自动微分页面里找到解释。每道练习的做法相同：
#
# 1. 运行起始代码单元。它能正常运行（可能有警告），但结果还不对；
# 2. 运行紧接着的检查单元。它会以 `AssertionError` 失败，报错信息里是出问题的那个值。这是预期的；
# 3. 修改起始代码，写出你的答案，重新运行起始代码和检查单元，直到检查通过；
# 4. 再往下是参考答案和解释，参考答案之后的检查单元会再运行一次，这次一定通过。
#
# 所有单元在同一个 Python 进程里从上到下运行。每道练习都新建自己的张量，不依赖前面练习的结果，可以从任意一道开始做。

# %% [markdown]
# ## 练习 1：让 x 成为叶子张量 { #exercise-1 }
#
# 下面是笔记问题 (1) 的原样代码。笔记期待 `x.grad` 是 `tensor([[1., 3.]])`，得到的却是 `None`，读取它时还会出现一条 `UserWarning`。改写第一行，让 `x` 成为形状为 `[1, 2]`、值仍为 `[2., 1.]` 的叶子张量，其余代码不变，使 `x.grad` 等于 `tensor([[1., 3.]])`。
#
# 提示：起始代码打印的 `x.is_leaf` 和 `grad_fn` 的类型名说明了 `x` 是怎么来的。

# %% tags=["starter"]
--8<-- "practice-autograd/01_leaf_after_view_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/01_leaf_after_view_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/01_leaf_after_view_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/01_leaf_after_view_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-1 }
#
# `.view(1, 2)` 返回的是由一次运算得到的新张量（`grad_fn` 是 `ViewBackward0`），变量名 `x` 指向的是它，而 `backward()` 只把梯度写进叶子张量的 `.grad`。直接创建形状为 `[1, 2]` 的叶子张量（或者先 `view` 再 `requires_grad_()`），`x` 就是图里的叶子了。详见[叶子张量与非叶子张量](../autograd/why-grad-none.md#leaf-non-leaf-tensors)和[三种改法](../autograd/why-grad-none.md#three-fixes-make-x-grad)。

# %% tags=["solution"]
--8<-- "practice-autograd/01_leaf_after_view_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/01_leaf_after_view_check.py"

# %% [markdown]
# ## 练习 2：保留视图，用 retain_grad() { #exercise-2 }
#
# 还是同一段代码，这次第一行保持不变：`x` 仍是 `view` 得到的非叶子张量。只加一行代码，让 `x.grad` 等于 `tensor([[1., 3.]])`。
#
# 提示：这一行要放在 `backward()` 之前。

# %% tags=["starter"]
--8<-- "practice-autograd/02_retain_grad_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/02_retain_grad_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/02_retain_grad_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/02_retain_grad_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-2 }
#
# `retain_grad()` 让 autograd 把流经非叶子张量 `x` 的梯度也存进 `x.grad`。它必须在 `backward()` 之前调用，反向传播之后再调用就晚了。`x` 仍然不是叶子张量，`is_leaf` 还是 `False`。详见[中间张量的梯度：retain_grad()](../autograd/intermediate-gradients.md#method-1-retain-grad)。

# %% tags=["solution"]
--8<-- "practice-autograd/02_retain_grad_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/02_retain_grad_check.py"

# %% [markdown]
# ## 练习 3：不改代码，找回梯度 { #exercise-3 }
#
# 这次笔记的代码一行都不改，`backward()` 也已经运行过了。在 `TODO` 处给 `x_grad` 赋值：`z` 对 `x` 的梯度（上游梯度仍是 `[[1., 0.]]`），形状为 `[2]` 或 `[1, 2]` 均可。
#
# 提示：梯度其实已经算出来了，只是存进了一个没有变量名指向的张量；另一条路是 `torch.autograd.grad()`。

# %% tags=["starter"]
--8<-- "practice-autograd/03_hidden_leaf_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/03_hidden_leaf_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/03_hidden_leaf_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/03_hidden_leaf_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-3 }
#
# 写法 A：`x.grad_fn` 是 `ViewBackward0`，它的下一个节点 `AccumulateGrad` 的 `variable` 就是 `torch.tensor(...)` 创建的那个叶子，`backward()` 早已把梯度写进了它的 `.grad`，只是形状是 `[2]`。写法 B：`torch.autograd.grad(z, x, v)` 直接返回梯度，对非叶子张量同样适用；能在 `backward()` 之后再走一遍这张图，靠的是笔记里的 `retain_graph=True`。详见[叶子张量与非叶子张量](../autograd/why-grad-none.md#leaf-non-leaf-tensors)和 [torch.autograd.grad()：返回梯度，不碰 .grad](../autograd/backward-and-grad.md#torch-autograd-grad-returns-gradients)。

# %% tags=["solution"]
--8<-- "practice-autograd/03_hidden_leaf_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/03_hidden_leaf_check.py"

# %% [markdown]
# ## 练习 4：[6., 9.] 到底是什么 { #exercise-4 }
#
# 《动手学深度学习》笔记对非标量的 `y` 调用 `y.backward(torch.Tensor([[1, 1]]))`，得到 `tensor([6., 9.])`，并评价“结果显然是错误的”。在 `TODO` 处手算 `y` 对 `x` 的雅可比矩阵 `J`：在 `x = [2., 3.]` 处，第 i 行是 `y[0, i]` 对 `x[0]`、`x[1]` 的偏导数。检查单元会验证 `v @ J` 是否正好等于 `x.grad`，以及 `J` 是否与 PyTorch 算出的一致。
#
# 提示：`y[0, 0] = x[0] ** 2 + 3 * x[1]`，`y[0, 1] = x[1] ** 2 + 2 * x[0]`。

# %% tags=["starter"]
--8<-- "practice-autograd/04_vjp_6_9_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/04_vjp_6_9_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/04_vjp_6_9_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/04_vjp_6_9_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-4 }
#
# `y.backward(v)` 算的不是雅可比矩阵 `J`，而是向量-雅可比积 vᵀJ。`v = [1, 1]` 时就是把 `J` 的两行相加：`[4 + 2, 3 + 6] = [6, 9]`。所以结果没有错，错在把它当成了 `J`；`gradient` 参数的形状与 `y` 相同，就是 `y` 的上游梯度。详见[非标量反向传播：向量-雅可比积](../autograd/vector-jacobian-product.md#6-9-v-j)。

# %% tags=["solution"]
--8<-- "practice-autograd/04_vjp_6_9_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/04_vjp_6_9_check.py"

# %% [markdown]
# ## 练习 5：用两种方法求雅可比矩阵 { #exercise-5 }
#
# 起始代码按笔记的思路逐行求雅可比矩阵：每一行用一个单位向量 `v` 调用一次 `backward()`，并传 `retain_graph=True`，同一张图才能反向传播第二次。可是打印出来的第 1 行是 `[6., 9.]`，而不是 `[2., 6.]`。要做两件事：
#
# 1. 在 `TODO` 处用 `torch.autograd.functional.jacobian` 求出 `J_auto`；
# 2. 修好循环，让 `J_rows` 与 `J_auto` 完全相等。

# %% tags=["starter"]
--8<-- "practice-autograd/05_jacobian_two_ways_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/05_jacobian_two_ways_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/05_jacobian_two_ways_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/05_jacobian_two_ways_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-5 }
#
# `backward()` 把梯度累加到 `x.grad` 上：算第 1 行时，`x.grad` 里还留着第 0 行，结果是两行之和。每次 `backward()` 之前把 `x.grad` 设为 `None` 就对了（笔记里写的是 `x.grad = torch.zeros_like(x.grad)`，效果相同）。`jacobian(f, x)` 一次算出整个矩阵，形状是“输出形状 + 输入形状”，这里是 `[2, 2]`。详见[笔记的做法：逐行求雅可比矩阵](../autograd/vector-jacobian-product.md#notes-way-jacobian-row-row)和[不用手写循环：jacobian 与 jacrev](../autograd/vector-jacobian-product.md#no-hand-written-loop-jacobian)。

# %% tags=["solution"]
--8<-- "practice-autograd/05_jacobian_two_ways_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/05_jacobian_two_ways_check.py"

# %% [markdown]
# ## 练习 6：梯度为什么翻倍了 { #exercise-6 }
#
# `gradient_at(w)` 对同一个 `w`、同一个损失求梯度，第二次调用的结果却是第一次的 2 倍。找出原因并修改 `gradient_at`，让两次调用都返回 `2 * w`。

# %% tags=["starter"]
--8<-- "practice-autograd/06_doubled_gradient_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/06_doubled_gradient_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/06_doubled_gradient_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/06_doubled_gradient_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-6 }
#
# `backward()` 从不覆盖 `.grad`，而是把新梯度加到已有的值上，即梯度累加。第二次调用时，`w.grad` 里还是第一次的 `[2., 4.]`，再加一次就成了 `[4., 8.]`。每次反向传播之前清零（`w.grad = None`，训练时就是 `optimizer.zero_grad()`）即可；也可以改用 `torch.autograd.grad(loss, w)`，它直接返回梯度，不写 `.grad`。详见[梯度累加](../autograd/backward-and-grad.md#gradients-accumulate)。

# %% tags=["solution"]
--8<-- "practice-autograd/06_doubled_gradient_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/06_doubled_gradient_check.py"

# %% [markdown]
# ## 练习 7：修复原地操作报错 { #exercise-7 }
#
# 我们想对 `exp(x) + 1` 求和，再对 `x` 求梯度，`backward()` 却报错 `one of the variables needed for gradient computation has been modified by an inplace operation`。起始代码捕获了这个 `RuntimeError`，把报错的前半句存进 `error` 并打印出来。只改一行，让反向传播成功，`out` 的值不变，`x.grad` 等于 `exp(x)`。

# %% tags=["starter"]
--8<-- "practice-autograd/07_in_place_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/07_in_place_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/07_in_place_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/07_in_place_wrong_2.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/07_in_place_wrong_3.py"

# %% [markdown]
# ### 参考答案 { #solution-7 }
#
# `exp` 的导数就是它自己的输出，所以 autograd 在前向传播时保存了 `y`，并记下它当时的版本 0。`y.add_(1)` 原地改写了 `y`，版本变成 1，反向传播核对版本时发现对不上，只好报错。换成 `y = y + 1`，得到的是一个新张量，`exp` 保存的那个没有被动过。详见[修改了反向传播要用的张量](../autograd/in-place-and-versions.md#modified-by-inplace-operation)和报错索引中的[对应条目](../errors/autograd-errors.md#modified-by-inplace-operation)。

# %% tags=["solution"]
--8<-- "practice-autograd/07_in_place_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/07_in_place_check.py"

# %% [markdown]
# ## 练习 8：整数张量不能设为需要梯度 { #exercise-8 }
#
# 笔记里提醒：`torch.arange(4.0)` 必须写成 `4.0`，写成 `4` 的话会报错 `RuntimeError: only Tensors of floating point dtype can require gradients`。起始代码用 `torch.arange(4)` 复现了这条报错（已捕获并打印）。改写起始代码，让 `x` 是值为 `[0., 1., 2., 3.]`、需要梯度的张量。

# %% tags=["starter"]
--8<-- "practice-autograd/08_int_requires_grad_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/08_int_requires_grad_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/08_int_requires_grad_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/08_int_requires_grad_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-8 }
#
# `torch.arange(4)` 推断出的数据类型是 `torch.int64`。整数不能连续变化，对它求导没有意义，所以只有浮点（和复数）张量能设为需要梯度。写成 `4.0` 得到 `torch.float32`；已有的整数张量则先 `.float()` 再 `requires_grad_()`。参考答案接着验证了笔记里的 `y = 2 * torch.dot(x, x)`，梯度是 `4 * x`。详见[只有浮点（和复数）张量能设为需要梯度](../autograd/requires-grad.md#only-floating-point-complex-tensors)。

# %% tags=["solution"]
--8<-- "practice-autograd/08_int_requires_grad_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/08_int_requires_grad_check.py"

# %% [markdown]
# ## 练习 9：detach() 与 no_grad() { #exercise-9 }
#
# 《动手学深度学习》中分离计算的例子：`u = x ** 2`，`z = (u * x).sum()`。我们希望 autograd 把 `u` 当作常数，这样 `x.grad` 应该等于 `u`，可现在得到的是 `3 * x ** 2`。修改 `TODO` 那一行，`u` 的值不变。
#
# 提示：`detach()` 和 `torch.no_grad()` 都可以，用后者时要想清楚哪些运算放进 `with` 块。

# %% tags=["starter"]
--8<-- "practice-autograd/09_detach_no_grad_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/09_detach_no_grad_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/09_detach_no_grad_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/09_detach_no_grad_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-9 }
#
# `(x ** 2).detach()` 返回一个值相同、但不在计算图里的张量，autograd 看到的是 `z = u * x` 且 `u` 是常数，梯度就是 `u`。`torch.no_grad()` 也能做到，但它作用于块里的所有运算：只能把 `u` 的计算放进去，`z` 要在块外计算，否则 `z` 也不需要梯度，`backward()` 会报错。让一个张量脱离计算图用 `detach()`，让一段代码不记录计算图用 `no_grad()`。详见[把一部分计算当作常数](../autograd/detach-and-data.md#treat-part-as-constant)和[四种方式对比](../autograd/turning-off-autograd.md#four-compared)。

# %% tags=["solution"]
--8<-- "practice-autograd/09_detach_no_grad_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/09_detach_no_grad_check.py"

# %% [markdown]
# ## 练习 10：用 create_graph=True 求二阶导数 { #exercise-10 }
#
# `y = x ** 3` 在 `x = 3` 处的一阶导数是 `3 * x ** 2 = 27`，二阶导数是 `6 * x = 18`。起始代码求出了一阶导数 `dy`，但 `dy.requires_grad` 是 `False`，没法再求导。修改求一阶导数的那一行，并在 `TODO` 处求出二阶导数 `d2y`。
#
# 提示：不改那一行就对 `dy` 求导，会报错 `element 0 of tensors does not require grad and does not have a grad_fn`。

# %% tags=["starter"]
--8<-- "practice-autograd/10_create_graph_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/10_create_graph_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/10_create_graph_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/10_create_graph_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-10 }
#
# 传了 `create_graph=True`，求一阶导数的这一步也被记进计算图，`dy` 带着 `grad_fn`，是 `x` 的函数，于是可以对它再求一次导。不传的话，`dy` 只是一个数，和 `x` 之间没有任何记录。详见[高阶导数：x³ 的二阶导数](../autograd/higher-order-gradients.md#second-derivative-x-cubed)和[不传 create_graph 会怎样](../autograd/higher-order-gradients.md#without-create-graph)。

# %% tags=["solution"]
--8<-- "practice-autograd/10_create_graph_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/10_create_graph_check.py"
