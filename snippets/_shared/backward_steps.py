import contextlib
import io
import json


def backward_steps(output, gradient=None, names=None, title=""):
    """Run `output.backward(gradient)` and record the pass from torch itself, for a stepper.

    Hooks on every grad_fn node of the graph (register_prehook: the gradient arriving, in the
    order the engine runs the nodes; register_hook: what each node sends to each of its
    next_functions) record the real pass; each leaf's .grad is read before and after. Needs
    draw_graph (gradgraph.py) for the picture. Prints one JSON object (a result="backward"
    block): the picture, then one step per node, with the numbers torch computed. Each label
    says only what was recorded: a sum of parents' parts only when it is what arrived (a tensor
    hook may change it), None sent where a Function returned None for an input that requires
    grad, a view's .grad "stays None" only when no retain_grad() kept one.
    """
    names = names or {}
    by_tensor = {id(t): n for n, t in names.items()}
    by_fn = {id(t.grad_fn): n for n, t in names.items() if t.grad_fn is not None}
    nodes, stack = [], [output.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is None or any(fn is n for n in nodes):
            continue
        nodes.append(fn)
        stack += [child for child, _ in fn.next_functions]
    leaves = [fn.variable for fn in nodes if type(fn).__name__ == "AccumulateGrad"]
    before = {id(t): (None if t.grad is None else t.grad.clone()) for t in leaves}
    ids = {}
    svg = draw_graph(output, names=names, title=title, ids=ids)  # noqa: F821 -- gradgraph.py, included before

    def fmt(value):
        if value is None:
            return "None"
        if not hasattr(value, "detach"):
            return repr(value)
        text = " ".join(repr(value.detach()).split())
        text = text[len("tensor("):-1] if text.startswith("tensor(") else text
        return text.split(", dtype=")[0].split(", requires_grad=")[0]

    def tensor_name(t):
        if not hasattr(t, "grad_fn"):
            return None
        return by_tensor.get(id(t)) or (by_fn.get(id(t.grad_fn)) if t.grad_fn is not None else None)

    def name_of(fn):
        if fn is None:
            return None
        if type(fn).__name__ == "AccumulateGrad":
            return tensor_name(fn.variable)
        return by_fn.get(id(fn))

    saved = {id(fn): {a: getattr(fn, a) for a in dir(fn) if a.startswith("_saved_") and not a.endswith("_strides")}
             for fn in nodes if type(fn).__name__ in FORMULAS}  # read before backward frees them
    arrived, sent, order = {}, {}, []
    handles = []
    for fn in nodes:
        def pre(grad_outputs, fn=fn):
            order.append(fn)
            arrived[id(fn)] = grad_outputs[0]

        def post(grad_inputs, grad_outputs, fn=fn):
            sent[id(fn)] = list(grad_inputs)

        handles.append(fn.register_prehook(pre))
        if type(fn).__name__ != "AccumulateGrad":
            handles.append(fn.register_hook(post))
    printed = io.StringIO()  # what the pass printed (a Function's backward may): kept out of the JSON
    try:
        with contextlib.redirect_stdout(printed):
            output.backward(gradient)
    finally:
        for handle in handles:
            handle.remove()

    parts = {}  # id(child) -> [(parent node id, gradient it sent)]: the engine sums them
    for fn in order:
        for (child, _), grad in zip(fn.next_functions, sent.get(id(fn), [])):
            if child is not None and grad is not None:
                parts.setdefault(id(child), []).append((ids[id(fn)], grad))

    def summed(fn):
        """The parts several parents sent to fn, when what arrived is their sum: a tensor hook
        (register_hook) runs between the sum and the node's prehook, and may change it."""
        import torch

        found = parts.get(id(fn), [])
        got = arrived[id(fn)]
        if len(found) < 2 or got is None:
            return []
        try:
            total = sum(grad for _, grad in found)
            if total.shape != got.shape or not torch.allclose(total, got, equal_nan=True):
                return []
        except (RuntimeError, TypeError):
            return []
        return [(node, fmt(grad)) for node, grad in found]

    steps = []
    for fn in order:
        kind = type(fn).__name__
        step = {"node": ids[id(fn)], "op": kind, "name": name_of(fn), "receives": fmt(arrived[id(fn)]),
                "from": summed(fn)}
        if kind == "AccumulateGrad":
            leaf = fn.variable
            if arrived[id(fn)] is None:  # only None came (a Function returned it): nothing reaches the leaf
                steps.append({**step, "edges": []})
                continue
            step["edges"] = [edge_id(ids[id(fn)], ids[id(leaf)])]
            step["leaf"] = ids[id(leaf)]
            step["writes"] = {"tensor": tensor_name(leaf) or "leaf", "before": fmt(before[id(leaf)]),
                              "after": fmt(leaf.grad)}
            # a view whose retain_grad() kept a gradient does not stay None (its node's step says so)
            views = [n for n, t in names.items()
                     if t._base is leaf and not (t.retains_grad and t.grad is not None)]
            if views:
                step["writes"]["views"] = views
        else:
            kept = [n for n, t in names.items() if t.grad_fn is fn and t.retains_grad]
            if kept:  # retain_grad(): the gradient arriving here is also kept in its .grad
                step["retains"] = {"tensor": kept[0], "after": fmt(names[kept[0]].grad)}
            step["sends"], step["edges"] = [], []
            for k, ((child, _), grad) in enumerate(zip(fn.next_functions, sent.get(id(fn), []))):
                if child is None:  # the input does not require grad: no node to send to
                    step["sends"].append({"input": k, "stops": True})
                    continue
                if grad is None:  # it does, but this node returned None for it (a Function may)
                    step["sends"].append({"input": k, "to": ids[id(child)], "to_op": type(child).__name__,
                                          "to_name": name_of(child), "grad": "None"})
                    continue
                formula = vjp_formula(fn, saved.get(id(fn), {}), k, arrived[id(fn)], grad, name_of, tensor_name, fmt)
                step["sends"].append({"input": k, "to": ids[id(child)], "to_op": type(child).__name__,
                                      "to_name": name_of(child), "grad": fmt(grad), **formula})
                step["edges"].append(edge_id(ids[id(fn)], ids[id(child)]))
        steps.append(step)
    leaf_grads = {tensor_name(t) or "leaf": fmt(t.grad) for t in leaves}
    print(json.dumps({"title": title, "svg": svg, "steps": steps, "leaves": leaf_grads},
                     ensure_ascii=False, indent=1))


def edge_id(parent_id, child_id):
    """The id of the picture's edge between two nodes (gradgraph.py: <uid>-e<a>-<b>)."""
    uid, a = parent_id.rsplit("-n", 1)
    return f"{uid}-e{a}-{child_id.rsplit('-n', 1)[1]}"


FORMULAS = {"MmBackward0", "MulBackward0", "AddBackward0", "PowBackward0", "SumBackward0", "ViewBackward0"}


def vjp_formula(fn, saved, k, grad, result, name_of, tensor_name, fmt):
    """For a node whose vector-Jacobian product is short to write (mm, mul, add, pow, sum,
    view), the product for input k with torch's own numbers (``saved``: the node's saved values,
    read before the pass freed them); checked against what torch sent, else left out."""
    import torch

    kind = type(fn).__name__
    g = f"grad_{name_of(fn)}" if name_of(fn) else "grad"  # grad: what this node received
    target = name_of(fn.next_functions[k][0])

    def num(value):  # a scalar in parentheses before a method call
        text = fmt(value)
        return text if text.startswith("[") else f"({text})"

    try:
        if kind == "MmBackward0":
            a, b = saved["_saved_self"], saved["_saved_mat2"]
            if k == 0:
                value, sym, numbers = grad @ b.T, f"{g} @ {tensor_name(b) or 'mat2'}ᵀ", f"{fmt(grad)} @ {fmt(b.T)}"
            else:
                value, sym, numbers = a.T @ grad, f"{tensor_name(a) or 'self'}ᵀ @ {g}", f"{fmt(a.T)} @ {fmt(grad)}"
        elif kind == "MulBackward0":
            other = saved["_saved_other"] if k == 0 else saved["_saved_self"]
            value = grad * other
            sym = f"{g} * {tensor_name(other) or ('other' if k == 0 else 'self')}"
            numbers = f"{fmt(grad)} * {fmt(other)}"
        elif kind == "AddBackward0":
            alpha = saved["_saved_alpha"] if k == 1 else 1
            if alpha == 1:
                return {}  # passed on unchanged: nothing to write out
            value, sym, numbers = grad * alpha, f"{g} * {alpha}", f"{fmt(grad)} * {alpha}"
        elif kind == "PowBackward0":
            base, e = saved["_saved_self"], saved["_saved_exponent"]
            value = grad * e * base ** (e - 1)
            x = tensor_name(base) or "self"
            sym = f"{g} * {e} * {x}" + (f"^{e - 1}" if e != 2 else "")
            numbers = f"{fmt(grad)} * {e} * {fmt(base)}" + (f"^{e - 1}" if e != 2 else "")
        elif kind in ("SumBackward0", "ViewBackward0"):
            shape = list(saved["_saved_self_sym_sizes"])
            how = "expand" if kind == "SumBackward0" else "reshape"
            value = grad.expand(shape) if how == "expand" else grad.reshape(shape)
            sym, numbers = f"{g}.{how}({shape})", f"{num(grad)}.{how}({shape})"
        else:
            return {}
    except (KeyError, RuntimeError, TypeError):
        return {}
    value = torch.as_tensor(value, dtype=result.dtype)
    if value.shape != result.shape or not torch.allclose(value, result):
        return {}  # the short formula is not what torch did here (broadcasting, a reduction ...)
    lhs = f"grad_{target} = " if target else ""
    return {"formula": f"{lhs}{sym} = " + (f"{numbers} = " if numbers else "") + fmt(result)}
