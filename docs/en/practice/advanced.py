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
# # Practice: advanced autograd { #practice-advanced }
#
# These 10 exercises come from the "Advanced autograd" chapter: write a backward and pass `gradcheck`, get the notes' Jacobian in one call, per-sample gradients, forward-mode AD, the order hooks fire in, gradient checkpointing, and the gradients autograd picks at non-differentiable points. Every exercise works the same way:
#
# 1. Run the starter cell. It runs, but the result is not right yet.
# 2. Run the check cell right after it. It fails with an `AssertionError` whose message shows the offending value. That is expected.
# 3. Edit the starter to write your answer, then run the starter and the check again until the check passes.
# 4. Below that come the worked solution and why it works; the check cell after the solution runs once more and passes.
#
# All cells run in one Python process, top to bottom. Each exercise creates its own tensors and does not depend on an earlier one, so you can start with any of them.

# %% [markdown]
# ## Exercise 1: write the backward of x³ { #exercise-1 }
#
# `Cube` is a custom Function: its forward computes `y = x ** 3` and saves the input with `ctx.save_for_backward`. Its `backward` is wrong: the `x.grad` the starter prints is not `3 * x ** 2`. Rewrite `backward` so that both parts of the check pass: `3x²` times the upstream gradient (up to rounding), and `torch.autograd.gradcheck` (on float64 inputs).
#
# Hint: the `grad_output` that `backward` receives is the gradient of the loss with respect to the output `y`; it returns the gradient with respect to the input `x`.

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
# ### Solution { #solution-1 }
#
# By the chain rule, `backward` returns the upstream gradient times the local derivative: `grad_output * 3 * x ** 2`. Returning `3 * x ** 2` alone looks right while the upstream gradient is all ones (as with `.sum().backward()`); the check uses the upstream gradient `[1., 2., 3.]`, and `gradcheck` passes one unit vector per output as the upstream gradient, so the mistake shows. Saving the input `x`, as the starter does, is simplest. With the output `y` saved instead, the formula copied as `3 * y ** 2` gives `3x⁶`, not `3x²`; written in `y` as `3 * y ** (2/3)`, it gives `nan` at the check's negative entry, since in floating point a negative number to a non-integer power is `nan`. `3 * y.abs() ** (2/3)` is right, and the check accepts it: it compares with `torch.allclose`, because that route rounds differently from `3 * x ** 2` in the last digits. `gradcheck` compares the analytic gradient with finite differences and must run in float64: float32's rounding makes it fail. See [Writing a backward: custom Function](../advanced/custom-function.md#custom-function).

# %% tags=["solution"]
--8<-- "practice-advanced/01_cube_backward_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/01_cube_backward_check.py"

# %% [markdown]
# ## Exercise 2: the notes' mm, with a hand-written backward { #exercise-2 }
#
# The notes' examples use `torch.mm`. `MatMul` is a custom Function whose forward computes `a @ b`; its `backward` returns zeros so far. Write the gradients of `out = a @ b` with respect to `a` and `b`, equal exactly to those autograd gives for `a @ b`, and passing `gradcheck`.
#
# Hint: `grad_a` has the shape of `a`, `grad_b` that of `b`; let the shapes tell you which matrix is transposed and on which side it goes.

# %% tags=["starter"]
--8<-- "practice-advanced/02_mm_backward_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/02_mm_backward_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/02_mm_backward_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/02_mm_backward_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-2 }
#
# For `out = a @ b`, `grad_a = grad_out @ b.T` and `grad_b = a.T @ grad_out`. With the 2×2 square matrices here, a missing transpose or products in the wrong order still have the right shapes and raise nothing; only a comparison with autograd or `gradcheck` catches them. With an upstream gradient of ones, every row of `a.grad` holds the row sums of `b` and every column of `b.grad` the column sums of `a`, as the solution prints. See [Writing a backward: custom Function](../advanced/custom-function.md#custom-function).

# %% tags=["solution"]
--8<-- "practice-advanced/02_mm_backward_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/02_mm_backward_check.py"

# %% [markdown]
# ## Exercise 3: the notes' Jacobian in one call { #exercise-3 }
#
# The notes build the Jacobian of `y = (x0² + 3·x1, x1² + 2·x0)` row by row, one `backward` per row, with `retain_graph` and zeroing. At the `TODO`, write `jac(x)`, which gets the whole Jacobian of `f` at `x` with one function call. At `x = [2., 3.]` it must equal the notes' `[[4., 3.], [2., 6.]]` exactly; the check also tries a second point, against the Jacobian worked out by hand, `[[2·x0, 3], [2, 2·x1]]`.
#
# Hint: the starter already imports a function from `torch.func`.

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
# ### Solution { #solution-3 }
#
# `jacrev(f)` returns a function that computes the Jacobian: one vector-Jacobian product per output, batched with `vmap`; so `jac = jacrev(f)` is the whole answer, and `jacfwd` gets the same `J` with forward mode. `vjp` with a `v` of ones gives one vector-Jacobian product only, the notes' `[6., 9.]`, not `J`. Row i of `J` is the gradient of output i; an extra `.T` swaps rows and columns. Returning the notes' matrix as a constant is right at `[2., 3.]` only, and the second point shows it. See [Whole Jacobians and Hessians](../advanced/jacobians-and-hessians.md#jacobians-and-hessians).

# %% tags=["solution"]
--8<-- "practice-advanced/03_jacobian_one_call_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/03_jacobian_one_call_check.py"

# %% [markdown]
# ## Exercise 4: per-sample gradients { #exercise-4 }
#
# `loss(w, x, y)` is one sample's squared error. The starter computes the gradient of the whole batch's summed loss with respect to `w`: one vector of shape `[3]`. At the `TODO`, compute each sample's own gradient, `per_sample`, of shape `[4, 3]`, row i being the gradient of sample i's loss with respect to `w`, without a Python loop.
#
# Hint: `grad` and `vmap` from `torch.func` are imported already.

# %% tags=["starter"]
--8<-- "practice-advanced/04_per_sample_grads_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/04_per_sample_grads_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/04_per_sample_grads_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/04_per_sample_grads_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-4 }
#
# `grad(loss)` is the function giving the gradient in its first argument, `w`; `vmap(..., in_dims=(None, 0, 0))` calls it once per row of `X` and `Y`, with `w` unbatched and shared. The rows add up to the batch's gradient, which the solution's last line checks. Copying the batch gradient 4 times gives four equal rows; a hand-derived formula must keep the square's factor 2. See [Whole Jacobians and Hessians](../advanced/jacobians-and-hessians.md#jacobians-and-hessians).

# %% tags=["solution"]
--8<-- "practice-advanced/04_per_sample_grads_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/04_per_sample_grads_check.py"

# %% [markdown]
# ## Exercise 5: J v, the forward twin of [6., 9.] { #exercise-5 }
#
# The notes' `y.backward(v)` (`v = [1., 1.]`) gives `[6., 9.]`, the vector-Jacobian product vᵀJ. At the `TODO`, write `jv_at(x, v)`, which uses forward-mode AD to get the Jacobian-vector product `J v` of `f` at `x` in one forward pass. The check tries it at the notes' point and `v`, then at a second point with another `v`, then once more with `f` replaced by a custom Function that computes `2 * f(x)` and whose `backward` fails, so that neither an answer in reverse mode nor one that never pushes a tangent through `f` (a `J v` worked out by hand) passes.
#
# Hint: `torch.autograd.forward_ad` is imported as `fwAD`: `dual_level`, `make_dual`, `unpack_dual`.

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
# ### Solution { #solution-5 }
#
# Inside `dual_level()`, `make_dual(x, v)` gives `x` the tangent `v`; every operation of the forward pass carries the tangent along, and the output's tangent, `unpack_dual(out).tangent`, is `J v`. With `J = [[4., 3.], [2., 6.]]`, `J v` is the sum along each row, `[7., 8.]`, while vᵀJ is the sum down each column, `[6., 9.]`: one `J`, summed two ways. Unpacking the input `xd` only gives back `v`, and returning `[7., 8.]` as a constant fails at the check's second point. The tangent lives only inside `dual_level()`: unpacked after the `with` block, it is `None`. `jacobian(f, x) @ v` and `torch.func.jacrev` get the right numbers in reverse mode, one vector-Jacobian product per row of `J`, and `torch.autograd.functional.jvp` too, by the double-backward trick; the check's custom Function runs its `backward` for them and fails. A `J v` worked out by hand, `[2·x0·v0 + 3·v1, 2·v0 + 2·x1·v1]`, is right for this `f` but never calls it, so it is wrong once the check swaps `f` for `2 * f(x)`. `torch.func.jvp` is forward mode and gives the same value. `jacfwd(f)(x) @ v` passes too: it is forward mode as well, though it computes the whole `J`, one `J v` per column (batched with `vmap`), where one is enough. See [Forward-mode AD](../advanced/forward-mode.md#forward-mode).

# %% tags=["solution"]
--8<-- "practice-advanced/05_forward_twin_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/05_forward_twin_check.py"

# %% [markdown]
# ## Exercise 6: predict the order of the hooks { #exercise-6 }
#
# The starter registers a tensor hook and a `register_post_accumulate_grad_hook` on the leaf `x`; `run()` registers three more on `y = x * 2` and its node `y.grad_fn`, then runs backward, and each hook logs its name into `log` when it fires. Without running `run()`, write the five names into `order` in the order they fire. The check runs `run()` and compares.

# %% tags=["starter"]
--8<-- "practice-advanced/06_hook_order_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/06_hook_order_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/06_hook_order_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/06_hook_order_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-6 }
#
# Backward walks from the output back to the inputs. First `y`: the tensor hook on `y` fires first, before the prehook of its node `MulBackward0` (`register_prehook`); then the node computes its gradients and its hook (`register_hook`, given the input and output gradients) fires. The gradient then reaches the leaf `x`: its tensor hook fires, `AccumulateGrad` writes `x.grad`, and the post-accumulate hook fires last. Between hooks of different kinds, the order of registration does not decide the order of firing. See [Hooks and their order](../advanced/hooks.md#hooks).

# %% tags=["solution"]
--8<-- "practice-advanced/06_hook_order_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/06_hook_order_check.py"

# %% [markdown]
# ## Exercise 7: a hook for one backward only { #exercise-7 }
#
# The hook scales `x`'s gradient by 10 and should act on the first backward only. Now `second` is `[20., 40.]` as well. Add one line at the `TODO` so that `second` is the gradient without the hook, `[2., 4.]`, with the hook removed from this same `x`.

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
# ### Solution { #solution-7 }
#
# `register_hook` returns a handle, and calling its `remove()` is what removes the hook. `del h` deletes the name only, and the hook stays on `x`; `h.remove` without parentheses only looks the method up and never calls it, so nothing changes either. A second hook that divides by 10 makes `second` right, but both hooks stay on `x` and run in every backward pass; the check also asserts that `x` has no hook left. A new tensor in place of `x` (`x = x.detach().requires_grad_()`, or `x` created anew) gives `second` right too, but the hook was never removed: it stays on the old tensor, which in a real program is still used elsewhere (a model's parameter), and the check asserts that the handle's hook table is this `x`'s. Registering another hook does not replace the first: both run. See [Hooks and their order](../advanced/hooks.md#hooks).

# %% tags=["solution"]
--8<-- "practice-advanced/07_remove_hook_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/07_remove_hook_check.py"

# %% [markdown]
# ## Exercise 8: checkpoint a block and count its forward runs { #exercise-8 }
#
# `block` adds 1 to `calls` each time it runs. Rewrite `run` so that `block` goes through `torch.utils.checkpoint.checkpoint` with `use_reentrant=False`: forward keeps none of the block's intermediate tensors, and backward runs the block once more. The check verifies that `calls` is 1 after forward and 2 after backward, that the gradient is right, and that the graph is the one `use_reentrant=False` records.

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
# ### Solution { #solution-8 }
#
# Checkpointing trades compute for memory: forward keeps only the block's input, not the tensors that `sin`, `cos` and the product inside the block save for backward; when backward reaches the block, it runs the block again to get them back, so `calls` goes from 1 to 2. Running the block under `no_grad()` does save nothing, but it records no graph either: `requires_grad_()` afterwards does not connect it back to `x`, and `x.grad` is `None`. Running the block twice by hand saves no memory, and `calls` is 2 after forward already. `use_reentrant=True` counts the same, but records the whole block as one node, `CheckpointFunctionBackward`, and works with `backward()` only, not with `torch.autograd.grad`; leaving `use_reentrant` out gets that variant too, after a warning. Checkpointing `torch.sum` of the block's output instead of the block runs the block once, as usual, keeping its tensors; a detached input cuts the output off from `x`. The solution creates a fresh `x`: the check cell above already ran backward on its own `x`, and reusing that one would accumulate a second gradient into its `.grad`. The derivative of `sin(x) * cos(x)` is `cos(2x)`, as the printed gradient shows. See [Saved tensors and checkpointing](../advanced/saved-tensors-and-checkpointing.md#saved-tensors-and-checkpointing).

# %% tags=["solution"]
--8<-- "practice-advanced/08_checkpoint_count_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/08_checkpoint_count_check.py"

# %% [markdown]
# ## Exercise 9: fix the where nan { #exercise-9 }
#
# `torch.where(x > 0, torch.sqrt(x), 0.)` has the right values, `[0., 0., 2.]`, but the first two entries of `x.grad` are `nan`. Rewrite `f` so that the values stay and the gradient is `[0., 0., 0.25]`. The check calls `f` on an `x` of its own and runs backward under `torch.autograd.detect_anomaly()`, which raises as soon as a node of the backward pass returns a `nan`: cleaning up the gradient afterwards does not pass.
#
# Hint: backward of `where` sends 0 to the branch it did not pick, but `sqrt`'s backward divides that 0 by `2 * sqrt(x)`, and `0 / nan` and `0 / 0` are both `nan`.

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
# ### Solution { #solution-9 }
#
# Both branches are computed, and both are backpropagated. `sqrt(-1.)` is `nan` and `sqrt(0.)` is 0, and `sqrt`'s backward divides the 0 that `where` sends by `2 * sqrt(x)`: `0 / nan` at `x = -1` and `0 / 0` at `x = 0`, both `nan`. The fix is a first `where` that makes the unwanted entries safe (here `1.`) before the sqrt, so that `sqrt` only sees positive numbers. `nan_to_num` cleans the values and leaves the gradient alone; `clamp(min=0)` brings the gradient at `x = -1` back to 0, but at `x = 0` it is still `sqrt`'s `0 / 0`. Replacing the `nan` in `x.grad` afterwards, or in a hook on `x`, gives the right numbers here, but `SqrtBackward0` still returns the `nan`, and in a larger graph it flows on into the gradient of everything that node's input depends on, not only into the tensor that was patched: anomaly detection stops at that node. See [Non-differentiable points and numerics](../advanced/non-differentiable-points.md#non-differentiable-points).

# %% tags=["solution"]
--8<-- "practice-advanced/09_where_nan_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/09_where_nan_check.py"

# %% [markdown]
# ## Exercise 10: gradients at the kinks { #exercise-10 }
#
# `relu` and `abs` are not differentiable at 0, nor is `clamp(0, 1)` at its bound 0, and `max([1., 1.])` has two tied maxima. Autograd still gives each a definite gradient. Without running `grad_at`, write into `guess` the gradient at each (the list `grad_at` returns).

# %% tags=["starter"]
--8<-- "practice-advanced/10_kinks_starter.py"

# %% tags=["fails-on-starter"]
--8<-- "practice-advanced/10_kinks_check.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/10_kinks_wrong_1.py"

# %% tags=["wrong-answer"]
--8<-- "practice-advanced/10_kinks_wrong_2.py"

# %% [markdown]
# ### Solution { #solution-10 }
#
# At a non-differentiable point autograd picks a value by convention: `relu` and `abs` give 0 at 0; `clamp` lets the gradient through at its bound, giving 1; a `max` over the whole tensor splits the gradient evenly among tied maxima, 0.5 each. Only `max` with a `dim` (which also returns an index) gives all of it to the one it picked. These are the implementation's conventions, not mathematics' only answer. See [Non-differentiable points and numerics](../advanced/non-differentiable-points.md#non-differentiable-points).

# %% tags=["solution"]
--8<-- "practice-advanced/10_kinks_solution.py"

# %% tags=["check"]
--8<-- "practice-advanced/10_kinks_check.py"
