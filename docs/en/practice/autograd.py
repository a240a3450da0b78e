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
# # Practice: autograd { #practice-autograd }
#
# Most of these 10 exercises come from the mistakes and open questions in the two study notes, and each one is explained on one of the site's autograd pages. Every exercise works the same way:
#
# 1. Run the starter cell. It runs (perhaps with a warning), but the result is not right yet.
# 2. Run the check cell right after it. It fails with an `AssertionError` whose message shows the offending value. That is expected.
# 3. Edit the starter to write your answer, then run the starter and the check again until the check passes.
# 4. Below that come the worked solution and why it works; the check cell after the solution runs once more and passes.
#
# All cells run in one Python process, top to bottom. Each exercise creates its own tensors and does not depend on an earlier one, so you can start with any of them.

# %% [markdown]
# ## Exercise 1: make x a leaf tensor { #exercise-1 }
#
# Below is the notes' question (1), as written. The notes expect `x.grad` to be `tensor([[1., 3.]])` but get `None`, and reading it also prints a `UserWarning`. Rewrite the first line so that `x` is a leaf tensor of shape `[1, 2]` that still holds `[2., 1.]`, keep the rest, and make `x.grad` equal `tensor([[1., 3.]])`.
#
# Hint: the starter prints `x.is_leaf` and the type name of `x.grad_fn`; they tell you where `x` comes from.

# %% tags=["starter"]
--8<-- "practice-autograd/01_leaf_after_view_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/01_leaf_after_view_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/01_leaf_after_view_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/01_leaf_after_view_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-1 }
#
# `.view(1, 2)` returns a new tensor made by an operation (its `grad_fn` is `ViewBackward0`), the name `x` is bound to it, and `backward()` only writes into the `.grad` of leaf tensors. Create the leaf with shape `[1, 2]` directly (or `view` first, then `requires_grad_()`) and `x` is the graph's leaf. See [Leaf and non-leaf tensors](../autograd/why-grad-none.md#leaf-non-leaf-tensors) and [the three fixes](../autograd/why-grad-none.md#three-fixes-make-x-grad).

# %% tags=["solution"]
--8<-- "practice-autograd/01_leaf_after_view_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/01_leaf_after_view_check.py"

# %% [markdown]
# ## Exercise 2: keep the view, use retain_grad() { #exercise-2 }
#
# The same code again, but this time keep the first line as it is: `x` stays a non-leaf tensor made by `view`. Add one line so that `x.grad` equals `tensor([[1., 3.]])`.
#
# Hint: the line goes before `backward()`.

# %% tags=["starter"]
--8<-- "practice-autograd/02_retain_grad_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/02_retain_grad_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/02_retain_grad_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/02_retain_grad_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-2 }
#
# `retain_grad()` tells autograd to also store the gradient that flows through the non-leaf `x` in `x.grad`. It has to be called before `backward()`; calling it afterwards is too late. `x` is still not a leaf: `is_leaf` stays `False`. See [Gradients of intermediate tensors: retain_grad()](../autograd/intermediate-gradients.md#method-1-retain-grad).

# %% tags=["solution"]
--8<-- "practice-autograd/02_retain_grad_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/02_retain_grad_check.py"

# %% [markdown]
# ## Exercise 3: get the gradient back without changing the code { #exercise-3 }
#
# This time the notes' code stays exactly as it is, and `backward()` has already run. At the `TODO`, set `x_grad` to the gradient of `z` with respect to `x` (the upstream gradient is still `[[1., 0.]]`), of shape `[2]` or `[1, 2]`.
#
# Hint: the gradient was computed; it went into a tensor that no name points to. Another route is `torch.autograd.grad()`.

# %% tags=["starter"]
--8<-- "practice-autograd/03_hidden_leaf_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/03_hidden_leaf_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/03_hidden_leaf_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/03_hidden_leaf_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-3 }
#
# Way A: `x.grad_fn` is `ViewBackward0`; the `variable` of the next node, `AccumulateGrad`, is the leaf `torch.tensor(...)` created, and `backward()` already wrote the gradient into its `.grad`, with shape `[2]`. Way B: `torch.autograd.grad(z, x, v)` returns the gradient directly and works for non-leaf tensors too; going through the graph again after `backward()` is possible thanks to the notes' `retain_graph=True`. See [Leaf and non-leaf tensors](../autograd/why-grad-none.md#leaf-non-leaf-tensors) and [torch.autograd.grad(): returns gradients, leaves .grad alone](../autograd/backward-and-grad.md#torch-autograd-grad-returns-gradients).

# %% tags=["solution"]
--8<-- "practice-autograd/03_hidden_leaf_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/03_hidden_leaf_check.py"

# %% [markdown]
# ## Exercise 4: what [6., 9.] really is { #exercise-4 }
#
# The Dive into Deep Learning notes call `y.backward(torch.Tensor([[1, 1]]))` on a non-scalar `y`, get `tensor([6., 9.])` and call the result "obviously wrong". At the `TODO`, work out by hand the Jacobian `J` of `y` with respect to `x` at `x = [2., 3.]`: row i holds the partial derivatives of `y[0, i]` with respect to `x[0]` and `x[1]`. The check verifies that `v @ J` equals `x.grad` exactly, and that `J` agrees with PyTorch's.
#
# Hint: `y[0, 0] = x[0] ** 2 + 3 * x[1]` and `y[0, 1] = x[1] ** 2 + 2 * x[0]`.

# %% tags=["starter"]
--8<-- "practice-autograd/04_vjp_6_9_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/04_vjp_6_9_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/04_vjp_6_9_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/04_vjp_6_9_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-4 }
#
# `y.backward(v)` does not compute the Jacobian `J` but the vector-Jacobian product vᵀJ. With `v = [1, 1]` that is the sum of `J`'s two rows: `[4 + 2, 3 + 6] = [6, 9]`. So the result is right; the mistake was reading it as `J`. The `gradient` argument has the shape of `y`: it is `y`'s upstream gradient. See [Non-scalar backward: the vector-Jacobian product](../autograd/vector-jacobian-product.md#6-9-v-j).

# %% tags=["solution"]
--8<-- "practice-autograd/04_vjp_6_9_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/04_vjp_6_9_check.py"

# %% [markdown]
# ## Exercise 5: the Jacobian two ways { #exercise-5 }
#
# The starter builds the Jacobian row by row, the notes' way: one `backward()` per row with a unit vector `v`, each with `retain_graph=True` so that the same graph can be used again. Yet row 1 prints as `[6., 9.]` instead of `[2., 6.]`. Two things to do:
#
# 1. at the `TODO`, compute `J_auto` with `torch.autograd.functional.jacobian`;
# 2. fix the loop so that `J_rows` equals `J_auto` exactly.

# %% tags=["starter"]
--8<-- "practice-autograd/05_jacobian_two_ways_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/05_jacobian_two_ways_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/05_jacobian_two_ways_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/05_jacobian_two_ways_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-5 }
#
# `backward()` accumulates into `x.grad`: when row 1 is computed, `x.grad` still holds row 0, so the result is the sum of both rows. Setting `x.grad` to `None` before each `backward()` fixes it (the notes write `x.grad = torch.zeros_like(x.grad)`, which does the same). `jacobian(f, x)` computes the whole matrix in one call; its shape is the output's shape followed by the input's, here `[2, 2]`. See [The notes' way: the Jacobian row by row](../autograd/vector-jacobian-product.md#notes-way-jacobian-row-row) and [No hand-written loop: jacobian and jacrev](../autograd/vector-jacobian-product.md#no-hand-written-loop-jacobian).

# %% tags=["solution"]
--8<-- "practice-autograd/05_jacobian_two_ways_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/05_jacobian_two_ways_check.py"

# %% [markdown]
# ## Exercise 6: why did the gradient double? { #exercise-6 }
#
# `gradient_at(w)` takes the gradient of the same loss at the same `w`, yet the second call returns twice the first. Find out why and change `gradient_at` so that both calls return `2 * w`.

# %% tags=["starter"]
--8<-- "practice-autograd/06_doubled_gradient_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/06_doubled_gradient_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/06_doubled_gradient_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/06_doubled_gradient_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-6 }
#
# `backward()` never overwrites `.grad`; it adds the new gradient to what is there (gradient accumulation). On the second call `w.grad` still holds `[2., 4.]` from the first, and adding once more gives `[4., 8.]`. Clear it before each backward pass (`w.grad = None`; in training, `optimizer.zero_grad()`), or use `torch.autograd.grad(loss, w)`, which returns the gradient and writes no `.grad`. See [Gradients accumulate](../autograd/backward-and-grad.md#gradients-accumulate).

# %% tags=["solution"]
--8<-- "practice-autograd/06_doubled_gradient_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/06_doubled_gradient_check.py"

# %% [markdown]
# ## Exercise 7: fix an in-place error { #exercise-7 }
#
# We want the sum of `exp(x) + 1` and its gradient with respect to `x`, but `backward()` fails with `one of the variables needed for gradient computation has been modified by an inplace operation`. The starter catches that `RuntimeError`, keeps the first part of the message in `error` and prints it. Change one line so that the backward pass succeeds, `out` keeps its value and `x.grad` equals `exp(x)`.

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
# ### Solution { #solution-7 }
#
# The derivative of `exp` is its own output, so during the forward pass autograd saved `y` together with its version at the time, 0. `y.add_(1)` changed `y` in place and its version became 1; when backward checks the version it no longer matches, so it raises. With `y = y + 1` the result is a new tensor and the one `exp` saved is left alone. See [A tensor needed for backward was modified](../autograd/in-place-and-versions.md#modified-by-inplace-operation) and [the entry in the error index](../errors/autograd-errors.md#modified-by-inplace-operation).

# %% tags=["solution"]
--8<-- "practice-autograd/07_in_place_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/07_in_place_check.py"

# %% [markdown]
# ## Exercise 8: an integer tensor cannot require gradients { #exercise-8 }
#
# The notes warn that `torch.arange(4.0)` must be written with `4.0`: with `4`, you later get `RuntimeError: only Tensors of floating point dtype can require gradients`. The starter reproduces that error with `torch.arange(4)` (caught and printed). Rewrite the starter so that `x` holds `[0., 1., 2., 3.]` and requires grad.

# %% tags=["starter"]
--8<-- "practice-autograd/08_int_requires_grad_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/08_int_requires_grad_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/08_int_requires_grad_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/08_int_requires_grad_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-8 }
#
# `torch.arange(4)` infers the dtype `torch.int64`. Integers cannot change by a tiny amount, so a derivative with respect to them means nothing, and only floating-point (and complex) tensors can require gradients. Writing `4.0` gives `torch.float32`; an existing integer tensor needs `.float()` before `requires_grad_()`. The solution then checks the notes' `y = 2 * torch.dot(x, x)`: the gradient is `4 * x`. See [Only floating-point (and complex) tensors can require gradients](../autograd/requires-grad.md#only-floating-point-complex-tensors).

# %% tags=["solution"]
--8<-- "practice-autograd/08_int_requires_grad_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/08_int_requires_grad_check.py"

# %% [markdown]
# ## Exercise 9: detach() and no_grad() { #exercise-9 }
#
# Dive into Deep Learning's detaching example: `u = x ** 2`, `z = (u * x).sum()`. We want autograd to treat `u` as a constant, so `x.grad` should equal `u`, but right now it is `3 * x ** 2`. Change the `TODO` line and keep the value of `u`.
#
# Hint: both `detach()` and `torch.no_grad()` work; with the latter, think about which operations go inside the `with` block.

# %% tags=["starter"]
--8<-- "practice-autograd/09_detach_no_grad_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/09_detach_no_grad_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/09_detach_no_grad_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/09_detach_no_grad_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-9 }
#
# `(x ** 2).detach()` returns a tensor with the same values that is not in the graph: autograd sees `z = u * x` with `u` a constant, so the gradient is `u`. `torch.no_grad()` works too, but it applies to every operation in the block: only the computation of `u` may go inside, and `z` must be computed outside, or `z` would not require grad either and `backward()` would fail. To take one tensor out of the graph, use `detach()`; to record no graph for a stretch of code, use `no_grad()`. See [Treating part of a computation as a constant](../autograd/detach-and-data.md#treat-part-as-constant) and [The four compared](../autograd/turning-off-autograd.md#four-compared).

# %% tags=["solution"]
--8<-- "practice-autograd/09_detach_no_grad_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/09_detach_no_grad_check.py"

# %% [markdown]
# ## Exercise 10: a second derivative with create_graph=True { #exercise-10 }
#
# At `x = 3`, `y = x ** 3` has first derivative `3 * x ** 2 = 27` and second derivative `6 * x = 18`. The starter computes the first derivative `dy`, but `dy.requires_grad` is `False`, so it cannot be differentiated again. Change the line that computes the first derivative, and compute the second derivative `d2y` at the `TODO`.
#
# Hint: differentiating `dy` without changing that line fails with `element 0 of tensors does not require grad and does not have a grad_fn`.

# %% tags=["starter"]
--8<-- "practice-autograd/10_create_graph_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-autograd/10_create_graph_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/10_create_graph_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-autograd/10_create_graph_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-10 }
#
# With `create_graph=True` the step that computes the first derivative is recorded in the graph too: `dy` has a `grad_fn`, it is a function of `x`, and it can be differentiated once more. Without it, `dy` is just a number with no record linking it to `x`. See [Higher-order gradients: the second derivative of x³](../autograd/higher-order-gradients.md#second-derivative-x-cubed) and [Without create_graph](../autograd/higher-order-gradients.md#without-create-graph).

# %% tags=["solution"]
--8<-- "practice-autograd/10_create_graph_solution.py"

# %% tags=["check"]
--8<-- "practice-autograd/10_create_graph_check.py"
