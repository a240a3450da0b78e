"""confinement: whether pages run confined here, checked once a process, before its first page.

Where the kernel cannot confine at all (macOS, an old kernel), one line says so and pages run
unconfined, so authors can still preview; where a layer of the sandbox does not hold, observed
by the probe page of :mod:`docexec.execute.report` through the runner it is given, one line names
it. Under ``CI=true`` either fails. Apart from :mod:`docexec.execute.pool` because it is a
verdict on the machine, made once, not a part of running a page.

May not touch: pages' blocks and outputs (it runs only the probe page), MkDocs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from docexec.core.errors import DocExecError
from docexec.execute import report, sandbox
from docexec.execute.outcome import Outcome
from docexec.page.blocks import Block

_warned: list[str] = []  # the verdict of this process: "" (confined) or why not


def check(run: Callable[[str, list[Block]], list[Outcome]]) -> bool:
    """Whether pages run confined here (the first call decides, running the probe page with
    ``run``; later calls return the same). Prints one line to standard error on a lack."""
    if _warned:
        return _warned[0] == ""
    reason = sandbox.status()
    _warned.append("" if reason is None else reason)
    ci = os.environ.get("CI") == "true"
    if reason is not None:
        if ci:
            raise DocExecError(f"pages cannot be confined here: {reason}; under CI=true every page runs confined"
                               " (Linux with Landlock ABI >= 4)")
        print(f"docexec: pages run unconfined: {reason}", file=sys.stderr)
        return False
    gone = report.missing(report.layers(report.observe(run)))
    if gone:
        said = ", ".join(f"{layer.name} (needs {layer.needs})" for layer in gone)
        if ci:
            raise DocExecError(f"the page sandbox lacks: {said}; under CI=true every layer holds"
                               " (python -m docexec sandbox-report)")
        print(f"docexec: pages run confined, but without: {said}", file=sys.stderr)
    return True
