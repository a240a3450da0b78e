"""report: which layers of the page sandbox hold on this machine, observed from inside a page.

:func:`observe` runs one probe page through the build's own runner: from inside, it looks at
what a page is (its PID, user, capabilities, root folder, devices, cgroups, network devices,
Landlock's ABI) and tries what each layer forbids (a write outside its folder, a TCP connect).
:func:`layers` turns those facts into the table ``python -m docexec sandbox-report`` prints,
each layer with what it stops and the kernel it needs; :func:`missing` names the layers that do
not hold, which under ``CI=true`` fail the build and the report (README: which kernels hold which).

May not touch: anything but the probe page it runs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from docexec.execute.outcome import Outcome
from docexec.page.blocks import Block, executed_blocks

PROBE = '''
import json, os, socket
facts = {"pid": os.getpid(), "uid": os.getuid(), "root": sorted(os.listdir("/")), "dev": sorted(os.listdir("/dev"))}
with open("/proc/self/status") as f:
    facts["capabilities"] = [line.split()[1] for line in f if line.startswith("CapEff")][0]
with open("/proc/self/cgroup") as f:
    facts["cgroups"] = sorted({c for line in f if "/docexec-" in line
                               for c in (line.split(":")[1].split(",") if line.split(":")[1] else ["memory", "pids", "cpu"])})
facts["interfaces"] = sorted(name for _, name in socket.if_nameindex())
try:
    import landlockpy
    facts["landlock"] = landlockpy.abi_version()
except Exception:
    facts["landlock"] = 0
try:
    with open("/usr/docexec-probe", "w"):
        pass
    facts["write_outside"] = "written"
except OSError as exc:
    facts["write_outside"] = type(exc).__name__
try:
    socket.create_connection(("127.0.0.1", 9), timeout=1)
    facts["tcp"] = "connected"
except OSError as exc:
    facts["tcp"] = type(exc).__name__
facts["tty"] = os.path.exists("/dev/tty")
facts["session_leader"] = os.getsid(0) == os.getpid()
print(json.dumps(facts))
'''


DEVICES = {"null", "zero", "full", "random", "urandom", "shm", "fd", "stdin", "stdout", "stderr"}  # skeleton.build's


@dataclass
class Layer:
    name: str
    active: bool
    stops: str  # what it stops
    needs: str  # the kernel or machine it needs
    required: bool = True  # False: a kernel too old for it (README says what a page can then do)


def observe(run: Callable[[str, list[Block]], list[Outcome]]) -> dict:
    """The probe page's facts, run by ``run`` (the pool's ``run_blocks``) as any page is."""
    path = "docs/sandbox-report.md"
    blocks = executed_blocks("```python\n" + PROBE.strip() + "\n```\n", path)
    outcome = run(path, blocks)[0]
    if not outcome.ok:
        raise RuntimeError(f"the sandbox probe failed: {outcome.text}")
    return json.loads(outcome.text)


def layers(facts: dict) -> list[Layer]:
    """Each layer of the sandbox, from what the probe page saw."""
    skeleton = set(facts["dev"]) <= DEVICES and not {"var", "run", "boot", "mnt"} & set(facts["root"])
    abi = facts["landlock"]
    return [
        Layer("PID namespace per page", facts["pid"] == 1,
              "a page sees and signals its own processes only; all of them end with it", "user namespaces (or root)"),
        Layer("skeleton root", skeleton, "no checkout, home, .git, socket file (docker.sock, ssh agent), terminal or "
              "block device: /usr, the interpreter, the venv and docexec read-only", "user namespaces (or root)"),
        Layer("no network", facts["interfaces"] == ["lo"], "no network device but a down loopback (a namespace of the "
              "server's)", "user namespaces (or root)"),
        Layer("unprivileged", int(facts["capabilities"], 16) == 0 and facts["uid"] != 0,
              "no capability and not root (a root server's pages run as nobody)", "Linux"),
        Layer("cgroup", {"memory", "pids", "cpu"} <= set(facts["cgroups"]), "memory, processes and one core for all of a "
              "page's processes together", "cgroup v1 writable (root) or v2 delegated (DOCEXEC_CGROUP)"),
        Layer("Landlock filesystem", abi >= 1 and facts["write_outside"] != "written",
              "writes only in its own folder (also where a mount would allow)", "Landlock ABI >= 1 (Linux 5.13)"),
        Layer("Landlock TCP", abi >= 4 and facts["tcp"] == "PermissionError", "no TCP bind or connect",
              "Landlock ABI >= 4 (Linux 6.7)"),
        Layer("Landlock scoping", abi >= 6, "no signal or abstract UNIX socket beyond the page (pages running beside it)",
              "Landlock ABI >= 6 (Linux 6.12)", required=abi >= 6 or abi < 4),
        Layer("no terminal", not facts["tty"] and facts["session_leader"], "a session of its own, no /dev/tty: no "
              "keystrokes pushed into the author's shell", "Linux"),
    ]


def missing(found: list[Layer]) -> list[Layer]:
    """The layers that should hold and do not (scoping is not expected of a kernel before 6.12)."""
    return [layer for layer in found if not layer.active and layer.required]


def table(found: list[Layer]) -> str:
    """The report: one line per layer."""
    width = max(len(layer.name) for layer in found)
    lines = [f"{'layer':<{width}}  active  stops (needs)"]
    lines += [f"{layer.name:<{width}}  {'yes' if layer.active else 'NO ' if layer.required else 'no':<6}  {layer.stops}"
              f" ({layer.needs}{'' if layer.active or layer.required else '; this kernel has not'})" for layer in found]
    return "\n".join(lines)
