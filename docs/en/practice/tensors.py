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
# # Practice: tensors and matrix products { #practice-tensors }
#
# These 10 exercises come from mistakes actually made in the two study notes, and from the pages of this site's "Tensor basics" chapter. Every exercise works the same way:
#
# 1. Run the **starter**: it runs fine, but the part you are to write is still empty, or copies the notes' mistake as written.
# 2. Run the **check** right after it: it should fail with an `AssertionError` whose message shows the value that is wrong.
# 3. Write your answer in the starter, run the starter again, then the check, until the check passes.
# 4. After each exercise comes a **solution** with a short explanation, followed by the same check once more, which now passes.
#
# All cells share one namespace: run them from top to bottom. Each starter creates its own tensors, so you can also start at any exercise. You only need `torch` and `numpy`, no GPU.

# %% [markdown]
# ## Exercise 1: predict the shape of matmul (1-D and 2-D) { #exercise-1 }
#
# Section 10 of the notes copies the five rules of `torch.matmul`. Without running the products, use the rules to predict the shapes of the three results below and write them as tuples in `pred_vv`, `pred_Mw` and `pred_vM`, e.g. `(2, 5)`; a 0-d result is `()`.
#
# Hint: a tuple with one element needs a comma: `(3,)` is a tuple, `(3)` is just the integer 3. When the 1-D tensor is on the left, and when it is on the right, where does the added 1 go?

# %% tags=["starter"]
--8<-- "practice-tensors/01_matmul_shapes_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/01_matmul_shapes_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/01_matmul_shapes_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/01_matmul_shapes_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-1 }
#
# Two 1-D tensors give their dot product, a 0-d tensor with an empty shape. A 1-D tensor on the left gets a 1 in front (`(3,)` is treated as `(1, 3)`); on the right it gets a 1 after (`(4,)` is treated as `(4, 1)`); after the product the added 1 is removed, so the last two results are 1-D. The notes' wording of rule 3 suggests the 1 goes at the end; see [The five rules of torch.matmul](../tensors/dot-mm-matmul.md#five-rules-torch-matmul) and the [errata](../errata.md#prepended-one).

# %% tags=["solution"]
--8<-- "practice-tensors/01_matmul_shapes_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/01_matmul_shapes_check.py"

# %% [markdown]
# ## Exercise 2: batched products and broadcasting { #exercise-2 }
#
# Rule 5: when at least one side has more than two dimensions, the last two dimensions are multiplied as matrices and the batch dimensions in front are matched by broadcasting. Predict the shapes of the three results below; if you think a call raises an error, write the string `"error"`. `a @ b` is the notes' last example.
#
# Hint: multiply the last two dimensions as matrices first, then line up the batch dimensions from the right: sizes must be equal or one of them 1, and a missing dimension counts as 1.

# %% tags=["starter"]
--8<-- "practice-tensors/02_batched_shapes_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/02_batched_shapes_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/02_batched_shapes_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/02_batched_shapes_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-2 }
#
# In `B @ w`, `w` is treated as `(4, 1)` by rule 4 and multiplies each of the two `(3, 4)` matrices, giving `(2, 3)`. In `a @ b` the matrix parts give `(3, 5)` and the batch dimensions `(10, 1)` and `(2,)` broadcast to `(10, 2)`: together `(10, 2, 3, 5)`. In `c @ b` the batch sizes 10 and 2 are neither equal nor 1, so it raises a `RuntimeError`. See [How batch dimensions broadcast](../tensors/dot-mm-matmul.md#how-batch-dimensions-broadcast).

# %% tags=["solution"]
--8<-- "practice-tensors/02_batched_shapes_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/02_batched_shapes_check.py"

# %% [markdown]
# ## Exercise 3: what dot, mm and matmul accept { #exercise-3 }
#
# In the notes, `torch.dot` fails on 2-D tensors and `torch.mm` fails on a 1-D tensor; the notes fix the latter with `view(1, 2)` first. In the dictionary `accepts`, write `True` (the call works) or `False` (it raises) for each call.

# %% tags=["starter"]
--8<-- "practice-tensors/03_dot_mm_matmul_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/03_dot_mm_matmul_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/03_dot_mm_matmul_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/03_dot_mm_matmul_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-3 }
#
# `torch.dot` only takes two 1-D tensors and `torch.mm` only two 2-D matrices; neither broadcasts or adds dimensions for you. `torch.matmul` adds a 1 and removes it again under rules 3 and 4, so it accepts 1-D and 2-D inputs mixed. Note the different result shapes: `mm(v.view(1, 2), m)` gives the 2-D `[[13., 16.]]`, `matmul(v, m)` the 1-D `[13., 16.]`. See [Which function to use](../tensors/dot-mm-matmul.md#which-function-use) and the error [self must be a matrix](../errors/shape-errors.md#self-must-be-a-matrix).

# %% tags=["solution"]
--8<-- "practice-tensors/03_dot_mm_matmul_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/03_dot_mm_matmul_check.py"

# %% [markdown]
# ## Exercise 4: size(), numel() and NumPy's size { #exercise-4 }
#
# The notes' section "what size and shape do for a tensor" actually describes NumPy, where size is the number of elements. The starter follows that reading with `n_torch = t.size()`. Fix `n_torch` so that it is the number of elements of `t`, and set `cols_torch` to the size of dimension 1 of `t`, NumPy's `np.size(a, 1)`.

# %% tags=["starter"]
--8<-- "practice-tensors/04_size_numel_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/04_size_numel_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/04_size_numel_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/04_size_numel_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-4 }
#
# In PyTorch, `t.size()` returns the shape, `torch.Size([2, 3])`, the same as `t.shape`; the number of elements is `t.numel()`. For the size of one dimension, `t.size(1)` and `t.shape[1]` both work. See [Next to NumPy: size means something else](../tensors/size-and-shape.md#next-numpy-size-means-something).

# %% tags=["solution"]
--8<-- "practice-tensors/04_size_numel_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/04_size_numel_check.py"

# %% [markdown]
# ## Exercise 5: no parentheses after shape { #exercise-5 }
#
# The notes write `shape()`. The starter's `shape_of` copies that spelling: defining it works, calling it raises a `TypeError`. Fix `shape_of` so that it returns the right shape for the three tensors in the check. Two of them come from the notes' `w1`: the 0-d tensor `torch.tensor(2.0)` and the one-element 1-D tensor `torch.tensor([2.0])`.

# %% tags=["starter"]
--8<-- "practice-tensors/05_shape_not_callable_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/05_shape_not_callable_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/05_shape_not_callable_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/05_shape_not_callable_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-5 }
#
# `shape` is an attribute: `x.shape` already is a `torch.Size`, and `x.shape()` calls that tuple as if it were a function. If you want parentheses, use the method `x.size()`, which gives the same result. A 0-d tensor has the empty shape `torch.Size([])`, unlike the 1-D `torch.Size([1])`. See [shape() is a mistake](../tensors/size-and-shape.md#shape-mistake) and [A 0-d tensor and a one-element 1-D tensor](../tensors/size-and-shape.md#0-d-tensor-tensor-shape).

# %% tags=["solution"]
--8<-- "practice-tensors/05_shape_not_callable_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/05_shape_not_callable_check.py"

# %% [markdown]
# ## Exercise 6: copy or shared memory { #exercise-6 }
#
# The notes write `B = torch.tensor(A)` but do not say whether the two sides still use the same memory afterwards. The starter has three requirements: `shared` must see later changes to `a`, `copied` must not, and changing `arr` must leave `x` alone. Right now none of them holds. Change only the three lines that create `shared`, `copied` and `arr`; leave `a[0] = 100.` and `arr[1] = -1.` as they are.

# %% tags=["starter"]
--8<-- "practice-tensors/06_copy_or_share_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/06_copy_or_share_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/06_copy_or_share_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/06_copy_or_share_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-6 }
#
# `torch.from_numpy(a)` and `x.numpy()` do not copy: both sides share the same memory. `torch.tensor(a)` always copies. For an independent array from a tensor, add `.copy()` after `.numpy()`. See [Tensors and NumPy arrays](../tensors/conversions.md#tensors-numpy-arrays).

# %% tags=["solution"]
--8<-- "practice-tensors/06_copy_or_share_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/06_copy_or_share_check.py"

# %% [markdown]
# ## Exercise 7: .item() is for one element only { #exercise-7 }
#
# The notes warn that `a.item()` and `float(a)` only work when the tensor holds a single value. Make `a_num`, `b_num` and `c_total` (the sum of `c`'s elements) Python `float`s and `c_list` a Python list of `float`s. Note that `c` has two elements: `c.item()` on its own raises an error.

# %% tags=["starter"]
--8<-- "practice-tensors/07_item_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/07_item_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/07_item_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/07_item_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-7 }
#
# `.item()` needs exactly one element, whatever the number of dimensions, so the 2-D `b` works too. `c` has two elements: reduce them to one with `sum()` before `.item()`, or take them all with `tolist()`. See [From a tensor to Python numbers](../tensors/conversions.md#from-tensor-python-numbers) and the error [a Tensor with 2 elements cannot be converted to Scalar](../errors/shape-errors.md#tensor-cannot-be-converted-to-scalar).

# %% tags=["solution"]
--8<-- "practice-tensors/07_item_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/07_item_check.py"

# %% [markdown]
# ## Exercise 8: view and reshape after a transpose { #exercise-8 }
#
# `flatten` uses `view(-1)` to flatten a tensor row by row. That works for `x`, but for its transpose `t = x.T` it raises a `RuntimeError`. Fix `flatten` so that it returns the row-by-row 1-D tensor for both `x` and `t`.
#
# Hint: the error message already says how.

# %% tags=["starter"]
--8<-- "practice-tensors/08_view_reshape_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/08_view_reshape_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/08_view_reshape_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/08_view_reshape_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-8 }
#
# `view` never copies: it only reads the same memory with another shape and other strides. A transpose only swaps the strides, so `t` is not contiguous, and no stride lays its elements out in one row in order. `reshape` returns a view when it can and a copy when it must; `t.contiguous().view(-1)` does the same in two explicit steps. See [view size is not compatible with input tensor's size and stride](../errors/shape-errors.md#view-size-not-compatible).

# %% tags=["solution"]
--8<-- "practice-tensors/08_view_reshape_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/08_view_reshape_check.py"

# %% [markdown]
# ## Exercise 9: both sides of a matrix product need the same dtype { #exercise-9 }
#
# NumPy arrays are `float64` by default, and `torch.from_numpy` keeps that dtype; a model's weights are usually `float32`. Then `W @ x` raises a `RuntimeError`. Rewrite the `x_fixed` line so that it converts `x` with `.to` and `W @ x_fixed` runs.

# %% tags=["starter"]
--8<-- "practice-tensors/09_dtype_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/09_dtype_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/09_dtype_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/09_dtype_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-9 }
#
# Matrix products do not promote dtypes the way `+` and `*` do: both sides must have the same dtype. `x.to(W.dtype)` converts to the other side's dtype without hard-coding `torch.float32`; in a real project, convert where the data enters the model. See [expected m1 and m2 to have the same dtype](../errors/shape-errors.md#same-dtype).

# %% tags=["solution"]
--8<-- "practice-tensors/09_dtype_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/09_dtype_check.py"

# %% [markdown]
# ## Exercise 10: the gradient of a matrix product { #exercise-10 }
#
# These are the numbers of the notes' question (1), with the notes' `x` and `y` called `A` and `B` here: `Z = A @ B`, upstream gradient `G = [[1., 0.]]`, and the notes expect `x.grad` to be `[[1., 3.]]`. Without calling `backward()`, write `grad_A` (that is, dL/dA) and `grad_B` (dL/dB) using only `G`, `A`, `B` and the transpose `.T`. The check computes them with autograd for comparison. The starter's two guesses have the right shapes but the wrong values.
#
# Hint: a gradient has the shape of its tensor; the transpose always falls on the other input.

# %% tags=["starter"]
--8<-- "practice-tensors/10_matmul_gradient_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-tensors/10_matmul_gradient_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/10_matmul_gradient_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-tensors/10_matmul_gradient_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-10 }
#
# dL/dA = `G @ B.T` and dL/dB = `A.T @ G`: `A` is on the left of the product, and so is `G` in its gradient; `B` is on the right, and so is `G` in its gradient; the transpose falls on the other input, and the shapes fit. The results are exactly what the notes expected, `[[1., 3.]]` and `[[2., 0.], [1., 0.]]`. See [Let the shapes place the transposes](../tensors/matmul-gradient.md#let-shapes-place-transposes).

# %% tags=["solution"]
--8<-- "practice-tensors/10_matmul_gradient_solution.py"

# %% tags=["check"]
--8<-- "practice-tensors/10_matmul_gradient_check.py"
