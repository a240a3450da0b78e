"""make drift TORCH=<version>: the site's outputs under another torch, reported before the pin moves.

Creates a separate environment (outside the project, never .venv) with only that torch
(and what it needs) installed from the package registry; the project's other packages
come from .venv through a .pth file placed *after* the environment's own packages, so
the other torch wins. Runs ``python -m docexec drift`` there, which writes
``test-artifacts/drift-<version>.md``; then deletes the environment (KEEP=1 keeps it).

Only 2.13.0 exists as a small CPU wheel here: other releases come as the default Linux
builds, several GB with CUDA libraries (they still run on the CPU). Not part of CI.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(version: str) -> int:
    env_dir = Path(os.environ.get("DRIFT_ENV", Path(tempfile.gettempdir()) / f"autograd-notes-drift-torch-{version}"))
    start = time.monotonic()
    if not (env_dir / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True)
        subprocess.run([env_dir / "bin" / "python", "-m", "pip", "install", "--quiet", f"torch=={version}"], check=True)
    py = env_dir / "bin" / "python"
    site = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "zz_autograd_notes_venv.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", "utf8")
    installed = time.monotonic() - start
    size = sum(f.stat().st_size for f in env_dir.rglob("*") if f.is_file() and not f.is_symlink())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([py, "-m", "docexec", "drift"], cwd=ROOT, env=env, check=False)
    print(f"\nenvironment {env_dir}: {size / 2**30:.1f} GiB, set up in {installed:.0f} s;"
          f" drift run {time.monotonic() - start - installed:.0f} s")
    if os.environ.get("KEEP") != "1":
        shutil.rmtree(env_dir)
        print(f"deleted {env_dir} (KEEP=1 keeps it)")
    return result.returncode


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: tools/drift.py <torch version>   (make drift TORCH=2.14.1)")
    sys.exit(main(sys.argv[1]))

