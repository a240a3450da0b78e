"""reference: the torch names the site links to, and the URL of each in torch's reference.

``torch-api.yml`` (committed, reviewed like the snapshots) lists every name the site links to
with its page below the reference of the installed torch (``https://docs.pytorch.org/docs/2.13/``).
The reference's inventory (``objects.inv``) cannot be fetched here, so a new name's page is
derived the way the reference names its generated pages (:func:`derived`); the rules for the
pages it documents otherwise are in :data:`PAGES`. ``python -m docexec api-names`` rewrites the
file from the last build's names (:func:`write`); the build links only names in it and checks
each against the installed torch, in a page process (:func:`check_code`).

May not touch: pages, execution. Reads and (when asked) writes torch-api.yml only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from docexec.core import paths, settings
from docexec.core.errors import DocExecError
from docexec.page.blocks import Block

# Pages of the reference that are not ``generated/<name>.html``: a name, or a prefix ending in ".";
# "" for a name the reference does not document (shown, not linked). Checked against the
# reference's sources (docs/source/autograd.md, tensors.md, checkpoint.md of pytorch/pytorch).
PAGES = {
    "torch.autograd.Function": "autograd.html#torch.autograd.Function",
    "torch.autograd.Function.apply": "autograd.html#torch.autograd.Function",
    "torch.autograd.Function.": "generated/{name}.html",  # forward, backward, jvp, vmap
    "torch.autograd.function.FunctionCtx.": "generated/{name}.html",
    "torch.autograd.graph.Node.": "generated/{name}.html",
    "torch.autograd.graph.": "autograd.html#{name}",  # saved_tensors_hooks, save_on_cpu, ...: autoclass
    "torch.autograd.detect_anomaly": "autograd.html#torch.autograd.detect_anomaly",
    "torch.autograd.set_detect_anomaly": "autograd.html#torch.autograd.set_detect_anomaly",
    "torch.autograd.gradcheck": "generated/torch.autograd.gradcheck.gradcheck.html",
    "torch.autograd.gradgradcheck": "generated/torch.autograd.gradcheck.gradgradcheck.html",
    "torch.optim.Optimizer.": "generated/{name}.html",
    "torch.utils.checkpoint.": "checkpoint.html#{name}",
    "torch.Tensor": "tensors.html",
    "torch.Tensor.T": "tensors.html#torch.Tensor.T",  # autoattribute on the Tensor page
    "torch.Tensor.H": "tensors.html#torch.Tensor.H",
    "torch.Tensor.mT": "tensors.html#torch.Tensor.mT",
    "torch.Tensor.mH": "tensors.html#torch.Tensor.mH",
    "torch.Tensor.dtype": "tensor_attributes.html#torch.dtype",
    "torch.Tensor.grad_fn": "autograd.html#autograd-graph",
    "torch.Tensor.data": "",  # not in the reference: shown, not linked
    "torch.utils.hooks.": "",
    "torch.func": "func.html",
    "torch.distributions": "distributions.html",
    "torch.distributions.Normal": "distributions.html#torch.distributions.normal.Normal",
    "torch.distributions.Distribution": "distributions.html#torch.distributions.distribution.Distribution",
    "torch.autograd.forward_ad": "autograd.html#forward-mode-automatic-differentiation",
    "torch.Size": "size.html#torch.Size",
    "torch.device": "tensor_attributes.html#torch.device",
    "torch.dtype": "tensor_attributes.html#torch.dtype",
}
DTYPES = re.compile(r"^torch\.(float|double|half|bfloat16|int|long|short|bool|uint8|int8|complex|cfloat|cdouble)\d*$")
HEADER = """\
# The torch names the site links to (every name its executed code and inline code use), each
# with its page below the reference of the installed torch (docs.pytorch.org/docs/<version>/).
# Written by `make api-names` from the last build; a new name's page is derived from the name
# (docexec/page/reference.py): review it, and correct it here if the reference has it elsewhere
# (a correction is kept). "": the reference does not document the name (shown, not linked).
# The build links only these names, and checks that each is an object of the installed torch.
"""


def file() -> Path:
    return settings.current().root / settings.current().api_names


def base_url() -> str:
    """The reference of the installed torch: ``https://docs.pytorch.org/docs/2.13/``."""
    version = ".".join(paths.versions()["torch"].split("+")[0].split(".")[:2])
    return settings.current().reference.format(version=version)


def derived(name: str) -> str:
    """The page of ``name`` below the reference, as the reference names it."""
    if any(part.startswith("_") for part in name.split(".")):
        return ""  # private: not in the reference
    if DTYPES.match(name):
        return "tensor_attributes.html#torch.dtype"
    for key, page in PAGES.items():
        if name == key or (key.endswith(".") and name.startswith(key)):
            return page.format(name=name)
    parts = name.split(".")
    for i, part in enumerate(parts[:-1]):
        owner = ".".join(parts[: i + 1])
        if part[:1].isupper() and owner != "torch.Tensor":  # a member of a class: the class's page
            return f"generated/{owner}.html#{name}"
    return f"generated/{name}.html"


def load(path: Path | None = None) -> dict[str, str]:
    """{name: page below the reference} from torch-api.yml ({} when there is none)."""
    import yaml

    path = path or file()
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text("utf8")) or {}
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise DocExecError(f"{paths.rel(path)}: expected `name: page` lines (make api-names rewrites it)")
    return data


def line_of(name: str, path: Path | None = None) -> int:
    """The line of ``name`` in torch-api.yml (for messages)."""
    path = path or file()
    for n, line in enumerate(path.read_text("utf8").split("\n"), 1) if path.is_file() else ():
        if line.split(":", 1)[0].strip() == name:
            return n
    return 1


def dump(names: dict[str, str]) -> str:
    return HEADER + "".join(f"{name}: {names[name] or chr(34) * 2}\n" for name in sorted(names, key=lambda n: (n.lower(), n)))


def write(used: set[str], path: Path | None = None) -> tuple[list[str], list[str]]:
    """Rewrite torch-api.yml with exactly the ``used`` names, keeping the pages already in it
    (a reviewer's corrections) and deriving the others; (added, removed)."""
    path = path or file()
    old = load(path)
    new = {name: old[name] if name in old else derived(name) for name in used}
    path.write_text(dump(new), "utf8")
    return sorted(set(new) - set(old)), sorted(set(old) - set(new))


def used_names(api: dict[str, dict], exists: Callable[[str], bool]) -> set[str]:
    """The names torch-api.yml must hold, from what a build noted of each page: its code's
    names, and the names of its ``explains:`` and inline code for which ``exists`` holds (the
    installed torch has them: :func:`docexec.execute.names.exists`)."""
    code = {name for page in api.values() for name, _ in page.get("code", [])}
    explains = {name for page in api.values() for name in page.get("explains", [])}
    prose = {name for page in api.values() for name in page.get("prose", [])} - code
    return code | {name for name in explains | prose if exists(name)}


def check_block(names: list[str]) -> Block:
    """A block for a page process that prints every name of ``names`` the installed torch lacks
    (the build runs it as a page of its own, so the build's process never imports torch)."""
    code = _check_code(names)
    where = settings.current().api_names
    return Block(path=where, line=1, end_line=1, indent="", fence="```", lang="python", options={}, body=code, code=code)


def _check_code(names: list[str]) -> str:
    return (
        "from docexec.execute.names import exists\n"
        f"print('\\n'.join(name for name in {names!r} if not exists(name)), end='')\n"
    )
