"""names: which torch object each name in a block's code is, asked of the page's own namespace.

After a block ran, its code's names are looked up where they live: ``torch.autograd.grad`` by
walking the modules, ``x.retain_grad`` through the type of the ``x`` the page made (a tensor:
``torch.Tensor.retain_grad``), ``jacrev`` through the page's ``from torch.func import jacrev``.
Attributes are read from types (``inspect.getattr_static``), so a lookup runs no page code; a
tensor's ``.grad``/``.grad_fn`` are read, with warnings off. A name is kept only when its public
path from ``torch`` leads back to the same object. Runs in the page process, after each block
(:mod:`docexec.execute.run`); sphinx-codeautolink does the same for Sphinx, from type hints.

May not touch: the namespace (it only reads it), output, files. Input: code; output: spans.
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
import types
import warnings
from typing import Any

from docexec.core import thirdparty

Span = tuple[int, int, int, str]  # (line in the block, first column, end column, public name); columns in characters
PUBLIC = re.compile(r"^torch(\.[A-Za-z]\w*)+$")  # no private part: what the reference documents
_MISSING = object()
_READ_ON_TENSORS = {"grad", "grad_fn", "data", "T", "mT", "H", "mH", "real", "imag"}  # plain attributes


def resolve(code: str, namespace: dict[str, Any], aliases: dict[str, str]) -> list[Span]:
    """The spans of ``code`` that name a public torch object, in order; ``aliases`` (the page's
    ``from torch… import`` names, kept across its blocks) is updated. Never raises."""
    torch = sys.modules.get("torch")
    if torch is None:
        return []
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return []
    lines = code.split("\n")
    spans: list[Span] = []
    _note_imports(tree, aliases, lines, spans, namespace)
    inner = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Attribute, ast.Name)) and id(node) not in inner:
            try:
                spans.extend(_chain(node, namespace, aliases, lines, torch))
            except Exception:  # noqa: BLE001 -- a name that cannot be looked up stays plain text
                continue
    return sorted({s for s in spans if PUBLIC.match(s[3])})[:2000]  # what the parent accepts (protocol.spans)


def _column(lines: list[str], line: int, byte: int) -> int:
    """ast's UTF-8 byte offset as a character column (a line may hold Chinese before a name)."""
    return len(lines[line - 1].encode("utf8")[:byte].decode("utf8", "ignore"))


def _note_imports(tree: ast.Module, aliases: dict[str, str], lines: list[str], spans: list[Span],
                  namespace: dict[str, Any]) -> None:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and (node.module == "torch" or node.module.startswith("torch.")):
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                bound = alias.asname or alias.name
                aliases[bound] = name
                value = namespace.get(bound, _MISSING)
                if not isinstance(value, types.ModuleType) and _public(name) is value and value is not _MISSING:
                    start = _column(lines, alias.lineno, alias.col_offset)
                    spans.append((alias.lineno, start, start + len(alias.name), name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "torch" or alias.name.startswith("torch."):
                    aliases[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else "torch"


def _public(name: str) -> Any:
    """The object at a public path from ``torch``, or _MISSING."""
    if not PUBLIC.match(name):
        return _MISSING
    parts = name.split(".")
    value: Any = sys.modules["torch"]
    for part in parts[1:]:
        value = inspect.getattr_static(value, part, _MISSING) if isinstance(value, type) else getattr(value, part, _MISSING)
        if value is _MISSING:
            return _MISSING
    return value


def exists(name: str) -> bool:
    """Whether ``name`` is a public path to an object of the installed torch (imports it): the one
    test torch-api.yml's names, inline code and ``explains:`` pass too."""
    import torch  # noqa: F401 -- _public walks from sys.modules["torch"]

    return _public(name) is not _MISSING


def _owner(cls: type, attr: str) -> str | None:
    """The public name of the torch class in ``cls``'s MRO that defines ``attr``."""
    torch = sys.modules["torch"]
    for klass in cls.__mro__:
        if attr in vars(klass):
            if any(klass is tensor for tensor in thirdparty.tensor_classes(torch)):
                return "torch.Tensor"
            return _class_name(klass)
    return None


def _class_name(klass: type) -> str | None:
    """``torch.nn.modules.linear.Linear`` -> ``torch.nn.Linear``: the shortest public path to the class."""
    parts = (klass.__module__ or "").split(".")
    if parts[0] != "torch":
        return None
    for i in range(1, len(parts) + 1):
        name = ".".join([*parts[:i], klass.__qualname__])
        if _public(name) is klass:
            return name
    return None


def _chain(node: ast.AST, namespace: dict[str, Any], aliases: dict[str, str], lines: list[str], torch: Any) -> list[Span]:
    attrs: list[ast.Attribute] = []
    while isinstance(node, ast.Attribute):
        attrs.insert(0, node)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in namespace:
        return []
    base = namespace[node.id]
    line = node.lineno
    start = _column(lines, line, node.col_offset)
    spans: list[Span] = []
    path: str | None = None
    if isinstance(base, types.ModuleType):
        path = base.__name__ if PUBLIC.match(base.__name__) or base is torch else None
    elif node.id in aliases and _public(aliases[node.id]) is base:
        path = aliases[node.id]
        spans.append((line, start, start + len(node.id), path))
    value = base
    for attr_node in attrs:
        attr = attr_node.attr
        if attr_node.end_lineno != line or attr_node.end_col_offset is None:
            break  # a chain over lines: not linked
        end = _column(lines, line, attr_node.end_col_offset)
        if path is not None:  # a public path so far: torch, torch.autograd, torch.Tensor ...
            owner = path
            if isinstance(value, type) and not isinstance(value, types.ModuleType):
                owner = _owner(value, attr) or ""
            name = f"{owner}.{attr}"
            found = _public(name)
            if found is _MISSING:
                break
            value, path = found, name
            if not isinstance(found, types.ModuleType):
                spans = [s for s in spans if s[1] != start]  # one link for the whole chain
                spans.append((line, start, end, name))
            continue
        of = _value_owner(value, attr, torch)
        if of is None:
            break
        spans.append((line, end - len(attr), end, f"{of}.{attr}"))
        if not (isinstance(value, torch.Tensor) and attr in _READ_ON_TENSORS):
            break
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = getattr(value, attr)
    return spans


def _value_owner(value: Any, attr: str, torch: Any) -> str | None:
    """The public class whose attribute ``value.attr`` is, for a value the page made."""
    if isinstance(value, torch.Tensor):
        return "torch.Tensor" if hasattr(torch.Tensor, attr) else None
    node = getattr(getattr(torch, "autograd", None), "graph", None)
    if node is not None and isinstance(value, node.Node) and attr in vars(node.Node):
        return "torch.autograd.graph.Node"
    if isinstance(value, type):
        return _owner(value, attr) if _public(f"{_owner(value, attr)}.{attr}") is not _MISSING else None
    if isinstance(value, types.ModuleType) or isinstance(value, (int, float, str, list, dict, tuple)):
        return None
    owner = _owner(type(value), attr)
    return owner if owner and _public(f"{owner}.{attr}") is not _MISSING else None
