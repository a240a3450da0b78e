import hashlib
from html import escape


def draw_graph(*roots, names=None, title="", ids=None):
    """The autograd graph behind `roots` as one inline <svg> string, outputs at the top.

    Walks grad_fn.next_functions; AccumulateGrad.variable gives the leaf it writes to.
    `names` maps a name to a tensor: leaves show it, non-leaf tensors label their grad_fn.
    `title` (in the page's language) goes before the list of edges in the picture's
    accessible name and tooltip; the edge list alone uses only code names.
    `ids`, a dict, gets each node's element id: {id(grad_fn or leaf tensor): id} (the stepper's).
    """
    names = names or {}
    named = {id(t): n for n, t in names.items()}
    named_fn = {id(t.grad_fn): (n, t) for n, t in names.items() if t.grad_fn is not None}
    nodes, index, edges = [], {}, []

    def shape(t):
        return "[" + ", ".join(str(s) for s in t.shape) + "]"

    def add(key, kind, lines, grad=False):
        if key not in index:
            index[key] = len(nodes)
            nodes.append({"kind": kind, "lines": lines, "grad": grad})
        return index[key]

    def leaf(t):
        name = named.get(id(t))
        return add(("t", id(t)), "leaf", [name or "leaf", shape(t), f"→ {name or ''}.grad"], grad=True)

    def visit(fn):
        if ("f", id(fn)) in index:
            return index[("f", id(fn))]
        kind = type(fn).__name__
        lines, grad = [kind], False
        if id(fn) in named_fn:  # a named non-leaf tensor is shown on its grad_fn
            n, t = named_fn[id(fn)]
            lines.append(f"{n} {shape(t)}")
            if t.retains_grad:
                lines.append(f"→ {n}.grad")
                grad = True
        me = add(("f", id(fn)), "acc" if kind == "AccumulateGrad" else "fn", lines, grad)
        if kind == "AccumulateGrad":
            edges.append((me, leaf(fn.variable)))
        for child, _ in fn.next_functions:
            if child is not None:
                edges.append((me, visit(child)))
        return me

    for r in roots:
        visit(r.grad_fn) if r.grad_fn is not None else leaf(r)

    # rows: longest path from an output; AccumulateGrad and leaves go to the two bottom rows
    depth = [0] * len(nodes)
    for _ in nodes:
        for a, b in edges:
            depth[b] = max(depth[b], depth[a] + 1)
    last = max(depth)
    for i, n in enumerate(nodes):
        if n["kind"] == "acc" or (n["kind"] == "leaf" and depth[i] > 0):
            depth[i] = last - (n["kind"] == "acc")

    cw, lh, pad, gap, gap_y, margin = 7.3, 16, 8, 22, 34, 12
    for n in nodes:
        n["w"] = max(len(s) for s in n["lines"]) * cw + 2 * pad
        n["h"] = len(n["lines"]) * lh + 2 * pad - 4
    chains = []  # an edge over several rows passes through one invisible point per row
    for a, b in edges:
        chain = [a]
        for d in range(depth[a] + 1, depth[b]):
            nodes.append({"kind": "via", "w": 6, "h": 0})
            depth.append(d)
            chain.append(len(nodes) - 1)
        chains.append(chain + [b])
    parents = {i: [] for i in range(len(nodes))}
    for chain in chains:
        for p, c in zip(chain, chain[1:]):
            parents[c].append(p)

    rows = [[i for i in range(len(nodes)) if depth[i] == d] for d in range(last + 1)]
    y, row_box = margin, []
    for row in rows:
        row_h = max([nodes[i]["h"] for i in row] + [8])
        row_box.append((y, row_h))
        # each node goes under the mean centre of its parents, pushed right to avoid overlaps
        want = {}
        for i in row:
            xs = [nodes[p]["x"] + nodes[p]["w"] / 2 for p in parents[i]]
            want[i] = sum(xs) / len(xs) if xs else None
        row.sort(key=lambda i: (want[i] if want[i] is not None else 0.0, i))
        right = None
        for i in row:
            n = nodes[i]
            x = want[i] - n["w"] / 2 if want[i] is not None else (right or 0.0)
            if right is not None:
                x = max(x, right + (gap if n["kind"] != "via" else 8))
            n["x"], n["y"] = x, y + (row_h - n["h"]) / 2
            right = x + n["w"]
        y += row_h + gap_y
    shift = margin - min(n["x"] for n in nodes)
    for n in nodes:
        n["x"] += shift
    width = max(n["x"] + n["w"] for n in nodes) + margin
    height = y - gap_y + margin

    def label(i):
        return " ".join(nodes[i]["lines"][:2])

    desc = title + "; ".join(f"{label(a)} → {label(b)}" for a, b in sorted(edges))
    uid = "gg-" + hashlib.sha1(desc.encode()).hexdigest()[:8]
    if ids is not None:
        ids.update({key: f"{uid}-n{i}" for (_, key), i in index.items()})
    accent = "#f4511e"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="gradgraph" role="img" aria-labelledby="{uid}-title" '
        f'aria-label="{escape(desc)}" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
        f'height="{height:.0f}" style="max-width:100%;height:auto" font-family="monospace" font-size="12">',
        f'<title id="{uid}-title">{escape(desc)}</title>',
    ]
    for chain in chains:
        a, b = nodes[chain[0]], nodes[chain[-1]]
        pts = [(a["x"] + a["w"] / 2, a["y"] + a["h"])]
        for v in chain[1:-1]:
            top, h = row_box[depth[v]]
            pts += [(nodes[v]["x"] + 3, top), (nodes[v]["x"] + 3, top + h)]
        x2, y2 = b["x"] + b["w"] / 2, b["y"]
        pts.append((x2, y2 - 6))
        d = f"M{pts[0][0]:.1f},{pts[0][1]:.1f}"
        for k, (px, py) in enumerate(pts[1:], start=1):
            qx, qy = pts[k - 1]
            if k % 2 == 0:  # straight down through a row
                d += f"L{px:.1f},{py:.1f}"
            else:
                my = (qy + py) / 2
                d += f"C{qx:.1f},{my:.1f} {px:.1f},{my:.1f} {px:.1f},{py:.1f}"
        out.append(f'<g class="gg-link" id="{uid}-e{chain[0]}-{chain[-1]}">')
        out.append(f'<path class="gg-edge" d="{d}" fill="none" stroke="currentColor" stroke-opacity="0.6"/>')
        out.append(
            f'<path class="gg-arrow" d="M{x2 - 4:.1f},{y2 - 7:.1f}L{x2 + 4:.1f},{y2 - 7:.1f}L{x2:.1f},{y2:.1f}z" '
            'fill="currentColor"/>'
        )
        out.append("</g>")
    for i, n in enumerate(nodes):
        if n["kind"] == "via":
            continue
        colour = accent if n["grad"] else "currentColor"
        dash = ' stroke-dasharray="4 3"' if n["kind"] == "acc" else ""
        out.append(f'<g class="gg-node gg-{n["kind"]}" id="{uid}-n{i}">')
        out.append(
            f'<rect x="{n["x"]:.1f}" y="{n["y"]:.1f}" width="{n["w"]:.1f}" height="{n["h"]:.1f}" '
            f'rx="{2 if n["kind"] == "leaf" else 8}" fill="{colour}" fill-opacity="0.08" stroke="{colour}" '
            f'stroke-width="{2.5 if n["grad"] else 1.2}"{dash}/>'
        )
        for k, s in enumerate(n["lines"]):
            fill = accent if s.startswith("→") else "currentColor"
            bold = ' font-weight="bold"' if k == 0 else ""
            out.append(
                f'<text class="gg-label" x="{n["x"] + n["w"] / 2:.1f}" y="{n["y"] + pad + lh * k + 10:.1f}" '
                f'text-anchor="middle" fill="{fill}"{bold}>{escape(s)}</text>'
            )
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)
