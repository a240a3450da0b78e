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
# # 练习：张量与矩阵乘法 { #practice-tensors }
#
# 这 10 道练习取材于两份学习笔记里真实出现过的错误，以及本站“张量基础”一章的各页。每道练习的用法都一样：
#
# 1. 运行**起始代码**：它能正常运行，但要你完成的部分还空着，或者照抄了笔记里的错误写法；
# 2. 运行紧接着的**检查单元**：这时它应当以 `AssertionError` 失败，报错信息会给出不对的那个值；
# 3. 在起始代码里写下你的答案，重新运行起始代码，再运行检查单元，直到它不再报错；
# 4. 每道练习后面是**参考答案**和简短的解释，参考答案之后再运行一次同一个检查单元，这次应当通过。
#
# 所有单元共用一个命名空间，请从上到下依次运行。每道练习的起始代码都会重新创建自己的张量，所以也可以从任意一道练习开始。只需要 `torch` 和 `numpy`，不需要 GPU。

# %% [markdown]
# ## 练习 1：预测 matmul 的结果形状（一维与二维） { #exercise-1 }
#
# 笔记第 10 节抄录了 `torch.matmul` 的五条规则。先不要运行乘法，只根据规则预测下面三个结果的形状，以元组的形式写进 `pred_vv`、`pred_Mw`、`pred_vM`，例如 `(2, 5)`；0 维结果写 `()`。
#
# 提示：只有一个元素的元组要带逗号，`(3,)` 是元组，`(3)` 只是整数 3。一维张量在左边和在右边时，补上的 1 分别在哪里？

# %% tags=["starter"]
--8<-- "practice-tensors/01_matmul_shapes_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/01_matmul_shapes_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/01_matmul_shapes_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/01_matmul_shapes_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-1 }
#
# 两个一维张量相乘得到点积，是 0 维张量，形状为空。一维张量在左边时，1 补在前面（`(3,)` 当作 `(1, 3)`）；在右边时，1 补在后面（`(4,)` 当作 `(4, 1)`）；乘完再把补上的 1 去掉，所以后两个结果都是一维的。笔记把规则 3 写成“附加”，容易误以为补在后面，见 [torch.matmul 的五条规则](../tensors/dot-mm-matmul.md#five-rules-torch-matmul) 和[勘误](../errata.md#prepended-one)。

# %% tags=["solution"]
--8<-- "practice-tensors/01_matmul_shapes_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/01_matmul_shapes_check.py"

# %% [markdown]
# ## 练习 2：批量矩阵乘法与广播 { #exercise-2 }
#
# 规则 5：至少一边超过二维时，最后两维当作矩阵相乘，前面的批量维度按广播规则对齐。预测下面三个结果的形状；如果你认为调用会报错，就写字符串 `"error"`。其中 `a @ b` 是笔记的最后一个例子。
#
# 提示：先把最后两维拿出来做矩阵乘法，再从右往左对齐批量维度：长度相等或有一边是 1 才能广播，缺的维度当作 1。

# %% tags=["starter"]
--8<-- "practice-tensors/02_batched_shapes_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/02_batched_shapes_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/02_batched_shapes_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/02_batched_shapes_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-2 }
#
# `B @ w` 里的 `w` 按规则 4 当作 `(4, 1)`，和两个 `(3, 4)` 矩阵各乘一次，得到 `(2, 3)`。`a @ b` 的矩阵部分得到 `(3, 5)`，批量维度 `(10, 1)` 和 `(2,)` 广播成 `(10, 2)`，合起来是 `(10, 2, 3, 5)`。`c @ b` 的批量维度 10 和 2 既不相等也不是 1，报 `RuntimeError`。见[批量维度如何广播](../tensors/dot-mm-matmul.md#how-batch-dimensions-broadcast)。

# %% tags=["solution"]
--8<-- "practice-tensors/02_batched_shapes_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/02_batched_shapes_check.py"

# %% [markdown]
# ## 练习 3：dot、mm、matmul 各接受什么 { #exercise-3 }
#
# 笔记里，`torch.dot` 传入二维张量报了错，`torch.mm` 传入一维张量也报了错，后者的解决办法是先 `view(1, 2)`。在字典 `accepts` 里为每个调用填上 `True`（能运行）或 `False`（报错）。

# %% tags=["starter"]
--8<-- "practice-tensors/03_dot_mm_matmul_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/03_dot_mm_matmul_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/03_dot_mm_matmul_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/03_dot_mm_matmul_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-3 }
#
# `torch.dot` 只接受两个一维张量，`torch.mm` 只接受两个二维矩阵，两者都不广播，也不会替你补维度；`torch.matmul` 按规则 3、4 自动补 1 再去掉，一维、二维混着传也能运行。注意结果的形状不同：`mm(v.view(1, 2), m)` 得到二维的 `[[13., 16.]]`，`matmul(v, m)` 得到一维的 `[13., 16.]`。见[该用哪个函数](../tensors/dot-mm-matmul.md#which-function-use)和报错 [self must be a matrix](../errors/shape-errors.md#self-must-be-a-matrix)。

# %% tags=["solution"]
--8<-- "practice-tensors/03_dot_mm_matmul_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/03_dot_mm_matmul_check.py"

# %% [markdown]
# ## 练习 4：size()、numel() 与 NumPy 的 size { #exercise-4 }
#
# 笔记“size 和 shape 在 tensor 中的作用”一节讲的其实是 NumPy：size 是元素个数。起始代码按这个理解写了 `n_torch = t.size()`。改正 `n_torch`，让它等于 `t` 的元素个数；再把 `cols_torch` 写成 `t` 第 1 维的大小，对应 NumPy 的 `np.size(a, 1)`。

# %% tags=["starter"]
--8<-- "practice-tensors/04_size_numel_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/04_size_numel_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/04_size_numel_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/04_size_numel_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-4 }
#
# PyTorch 的 `t.size()` 返回形状 `torch.Size([2, 3])`，和 `t.shape` 是同一个东西；元素个数要用 `t.numel()`。取某一维的大小，`t.size(1)` 和 `t.shape[1]` 都可以。见[与 NumPy 对照：size 的意思不一样](../tensors/size-and-shape.md#next-numpy-size-means-something)。

# %% tags=["solution"]
--8<-- "practice-tensors/04_size_numel_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/04_size_numel_check.py"

# %% [markdown]
# ## 练习 5：shape 后面不能加括号 { #exercise-5 }
#
# 笔记写的是 `shape()`。起始代码里的 `shape_of` 照抄了这个写法：定义时不会出错，一调用就报 `TypeError`。改好 `shape_of`，让它对检查单元里的三个张量都返回正确的形状。其中两个来自笔记里的 `w1`：0 维张量 `torch.tensor(2.0)` 和只有一个元素的一维张量 `torch.tensor([2.0])`。

# %% tags=["starter"]
--8<-- "practice-tensors/05_shape_not_callable_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/05_shape_not_callable_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/05_shape_not_callable_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/05_shape_not_callable_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-5 }
#
# `shape` 是属性，`x.shape` 本身就是一个 `torch.Size`；写成 `x.shape()` 等于把这个元组当函数调用。想加括号，就用方法 `x.size()`，结果相同。0 维张量的形状是空的 `torch.Size([])`，和一维张量的 `torch.Size([1])` 不同。见 [shape() 是错误写法](../tensors/size-and-shape.md#shape-mistake)和 [0 维张量与一维单元素张量](../tensors/size-and-shape.md#0-d-tensor-tensor-shape)。

# %% tags=["solution"]
--8<-- "practice-tensors/05_shape_not_callable_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/05_shape_not_callable_check.py"

# %% [markdown]
# ## 练习 6：复制还是共享内存 { #exercise-6 }
#
# 笔记写了 `B = torch.tensor(A)`，但没说转换之后两边是不是同一块内存。起始代码有三个要求：`shared` 要能看到之后对 `a` 的修改，`copied` 不能；修改 `arr` 不能影响 `x`。现在三个要求一个都没满足。只改创建 `shared`、`copied` 和 `arr` 的三行，不要动 `a[0] = 100.` 和 `arr[1] = -1.`。

# %% tags=["starter"]
--8<-- "practice-tensors/06_copy_or_share_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/06_copy_or_share_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/06_copy_or_share_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/06_copy_or_share_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-6 }
#
# `torch.from_numpy(a)` 和 `x.numpy()` 都不复制数据，两边共享同一块内存；`torch.tensor(a)` 总是复制。想从张量得到一份独立的数组，在 `.numpy()` 后面加 `.copy()`。见[张量与 NumPy 数组](../tensors/conversions.md#tensors-numpy-arrays)。

# %% tags=["solution"]
--8<-- "practice-tensors/06_copy_or_share_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/06_copy_or_share_check.py"

# %% [markdown]
# ## 练习 7：.item() 只能用于单个元素 { #exercise-7 }
#
# 笔记提醒，`a.item()`、`float(a)` 只有在张量只有一个值时才能用。把 `a_num`、`b_num` 和 `c_total`（`c` 的元素之和）写成 Python 的 `float`，把 `c_list` 写成由 Python `float` 组成的列表。注意 `c` 有两个元素，直接 `c.item()` 会报错。

# %% tags=["starter"]
--8<-- "practice-tensors/07_item_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/07_item_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/07_item_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/07_item_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-7 }
#
# `.item()` 要求元素个数为 1，与维数无关，所以二维的 `b` 也可以。`c` 有两个元素，先用 `sum()` 归约成一个元素再 `.item()`；要取出全部元素，用 `tolist()`。见[张量转 Python 数值](../tensors/conversions.md#from-tensor-python-numbers)和报错 [a Tensor with 2 elements cannot be converted to Scalar](../errors/shape-errors.md#tensor-cannot-be-converted-to-scalar)。

# %% tags=["solution"]
--8<-- "practice-tensors/07_item_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/07_item_check.py"

# %% [markdown]
# ## 练习 8：转置之后的 view 与 reshape { #exercise-8 }
#
# `flatten` 用 `view(-1)` 把张量按行展平成一维。对 `x` 没有问题，对它的转置 `t = x.T` 却会报 `RuntimeError`。改好 `flatten`，让它对 `x` 和 `t` 都返回按行展平的一维张量。
#
# 提示：报错信息里已经给出了改法。

# %% tags=["starter"]
--8<-- "practice-tensors/08_view_reshape_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/08_view_reshape_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/08_view_reshape_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/08_view_reshape_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-8 }
#
# `view` 从不复制数据，只是换一种形状和步长（stride）来解读同一块内存。转置只交换了步长，`t` 不再连续，没有哪种步长能让它的元素按行排成一列。`reshape` 能返回视图时就返回视图，不能时复制一份；`t.contiguous().view(-1)` 是显式的两步写法。见 [view 与张量的步长不兼容](../errors/shape-errors.md#view-size-not-compatible)。

# %% tags=["solution"]
--8<-- "practice-tensors/08_view_reshape_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/08_view_reshape_check.py"

# %% [markdown]
# ## 练习 9：矩阵乘法两边的 dtype 要一致 { #exercise-9 }
#
# NumPy 数组默认是 `float64`，`torch.from_numpy` 原样保留这个 dtype；模型的权重一般是 `float32`。这时 `W @ x` 会报 `RuntimeError`。改写 `x_fixed` 那一行，用 `.to` 转换 `x` 的 dtype，让 `W @ x_fixed` 能够运行。

# %% tags=["starter"]
--8<-- "practice-tensors/09_dtype_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/09_dtype_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/09_dtype_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/09_dtype_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-9 }
#
# 矩阵乘法不像 `+`、`*` 那样做类型提升，两边的 dtype 必须相同。`x.to(W.dtype)` 直接按另一边的 dtype 转换，不必把 `torch.float32` 写死；实际项目里最好在数据进入模型的地方就转换好。见[矩阵乘法两边的 dtype 不同](../errors/shape-errors.md#same-dtype)。

# %% tags=["solution"]
--8<-- "practice-tensors/09_dtype_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/09_dtype_check.py"

# %% [markdown]
# ## 练习 10：矩阵乘法的梯度 { #exercise-10 }
#
# 这里用的是笔记问题 (1) 的数字，笔记里的 `x`、`y` 在这里叫 `A`、`B`：`Z = A @ B`，上游梯度 `G = [[1., 0.]]`，笔记期待 `x.grad` 为 `[[1., 3.]]`。不调用 `backward()`，只用 `G`、`A`、`B` 和转置 `.T`，写出 `grad_A`（即 dL/dA）和 `grad_B`（即 dL/dB）。检查单元会用 autograd 算一遍来对照。起始代码里的两个猜测形状都对，数值却不对。
#
# 提示：梯度的形状必须和对应的张量相同；转置总是落在“另一个输入”上。

# %% tags=["starter"]
--8<-- "practice-tensors/10_matmul_gradient_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/10_matmul_gradient_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/10_matmul_gradient_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/10_matmul_gradient_wrong_2.py"

# %% [markdown]
# ### 参考答案 { #solution-10 }
#
# dL/dA = `G @ B.T`，dL/dB = `A.T @ G`：`A` 在乘积的左边，它的梯度里 `G` 也在左边；`B` 在右边，`G` 也在右边；转置落在另一个输入上，形状正好对上。结果就是笔记期待的 `[[1., 3.]]` 和 `[[2., 0.], [1., 0.]]`。见[用形状记住转置的位置](../tensors/matmul-gradient.md#let-shapes-place-transposes)。

# %% tags=["solution"]
--8<-- "practice-tensors/10_matmul_gradient_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/10_matmul_gradient_check.py"
