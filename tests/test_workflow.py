""".github/workflows/ci.yml and .ci/run: built right by construction, checked here (issue 42).

The workflow cannot run on this machine, so what a contributor's pull request meets is read off
the YAML: no checkout keeps its token, page code never runs beside a deploy credential, every
action is pinned to a commit, the sandbox's layers are made available and reported before the
tests, and the system packages come from tools/system-packages.sh alone. `.ci/run` does what the
workflow's test job does.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"
RUNS_PROJECT_CODE = re.compile(r"\b(make|mkdocs|pytest|python3?|\.venv/bin/\S+)\b")
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40}$")
SYSTEM_PACKAGES = re.findall(r"^packages=\((.*)\)$", (ROOT / "tools" / "system-packages.sh").read_text("utf8"), re.M)[0].split()


def workflow(text: str | None = None) -> dict:
    data = yaml.safe_load(text if text is not None else WORKFLOW.read_text("utf8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as True
    return data


def problems(data: dict) -> list[str]:
    """Every rule the workflow breaks, one line each (empty: none)."""
    found = []
    top = data.get("permissions") or {}
    for name, job in data["jobs"].items():
        steps = job.get("steps", [])
        perms = {**top, **(job.get("permissions") or {})} if "permissions" not in job else job["permissions"] or {}
        runs = [s.get("run", "") for s in steps]
        for step in steps:
            uses = step.get("uses")
            if uses and not uses.startswith("./") and not PINNED.match(uses):
                found.append(f"{name}: {uses} is not pinned to a full commit SHA")
            if uses and uses.split("@")[0] == "actions/checkout" and (step.get("with") or {}).get("persist-credentials") \
                    is not False:
                found.append(f"{name}: actions/checkout without persist-credentials: false leaves the token in .git/config")
        if any(RUNS_PROJECT_CODE.search(r) for r in runs):
            for scope in ("pages", "id-token"):
                if perms.get(scope) == "write":
                    found.append(f"{name}: runs project code with {scope}: write")
            if not any("tools/system-packages.sh" in r for r in runs):
                found.append(f"{name}: runs project code without tools/system-packages.sh")
            if any(re.search(r"apt-get install|apt install", r) for r in runs):
                found.append(f"{name}: installs system packages itself (tools/system-packages.sh is the one list)")
            tests = [i for i, r in enumerate(runs) if re.search(r"make (check|test)\b", r)]
            report = [i for i, r in enumerate(runs) if "sandbox-report" in r]
            prepare = [i for i, r in enumerate(runs) if "ci-sandbox.sh prepare" in r]
            if tests and not (report and report[0] < tests[0]):
                found.append(f"{name}: no sandbox-layer report before the tests")
            if not prepare or prepare[0] > min([i for i, r in enumerate(runs) if RUNS_PROJECT_CODE.search(r)
                                                and "system-packages" not in r and "ci-sandbox.sh prepare" not in r]):
                found.append(f"{name}: runs project code before the sandbox's layers are prepared")
            if tests and [re.search(r"make (check|test)", runs[i]).group(1) for i in tests] != ["check", "test"]:
                found.append(f"{name}: runs {[runs[i] for i in tests]}, not make check then make test")
    return found


def test_the_workflow_keeps_every_rule():
    assert problems(workflow()) == []


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d["jobs"]["test"]["steps"][0]["with"].pop("persist-credentials"), "without persist-credentials: false"),
    (lambda d: d["jobs"]["build"]["permissions"].update({"pages": "write"}), "build: runs project code with pages: write"),
    (lambda d: d["jobs"]["deploy"]["steps"].insert(0, {"run": "make build"}), "deploy: runs project code with pages: write"),
    (lambda d: d["jobs"]["build"]["permissions"].update({"id-token": "write"}), "build: runs project code with id-token"),
    (lambda d: d["jobs"]["test"]["steps"][1].update({"uses": "actions/setup-python@v7"}), "is not pinned to a full commit SHA"),
    (lambda d: d["jobs"]["test"]["steps"].pop(4), "no sandbox-layer report before the tests"),
    (lambda d: d["jobs"]["test"]["steps"].pop(3), "before the sandbox's layers are prepared"),
    (lambda d: d["jobs"]["test"]["steps"][2].update({"run": "sudo apt-get install -y chromium poppler-utils"}),
     "without tools/system-packages.sh"),
    (lambda d: d["jobs"]["test"]["steps"].pop(5), "not make check then make test"),
], ids=["token kept", "pages write", "code in deploy", "oidc", "tag", "no report", "not prepared", "own list", "no check"])
def test_each_rule_fails_on_a_workflow_that_breaks_it(change, expected):
    data = workflow()
    change(data)
    assert any(expected in p for p in problems(data)), problems(data)


def test_the_deploy_job_runs_only_the_deploy_action():
    deploy = workflow()["jobs"]["deploy"]
    assert [s.get("uses", "").split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}


def test_ci_run_does_what_the_test_job_does():
    script = (ROOT / ".ci" / "run").read_text("utf8")
    lines = [line.strip() for line in script.splitlines() if line.strip() and not line.startswith("#")]
    assert "bash tools/system-packages.sh" in lines
    makes = [m for line in lines for m in re.findall(r"\bmake (check|test)\b", line)]
    assert makes == ["check", "test"], lines  # the README's test command last
    assert all("ci-sandbox.sh enter make" in line for line in lines if re.search(r"\bmake (check|test)\b", line))


def test_the_one_package_list_is_the_scripts():
    assert SYSTEM_PACKAGES == ["chromium", "fonts-noto-cjk", "fonts-wqy-microhei", "poppler-utils"]
    text = WORKFLOW.read_text("utf8")
    assert not [p for p in SYSTEM_PACKAGES[1:] if p in text], "a package named in the workflow: a second list"


def test_the_whole_pdfs_are_printed_where_the_site_is_built_for_deploy():
    """The suite prints a sample of each chapter (tests/test_pdf.py); every page of both PDFs is
    printed by `make pdf` in the job whose site is deployed, so the whole-PDF path runs there."""
    jobs = workflow()["jobs"]
    deployed = next(name for name, job in jobs.items() if any("upload-pages-artifact" in str(s.get("uses", ""))
                                                                for s in job.get("steps", [])))
    runs = " ".join(str(s.get("run", "")) for s in jobs[deployed]["steps"])
    assert re.search(r"\bmake\b[^\n]*\bpdf\b", runs), f"the {deployed} job does not run `make pdf`: {runs}"
    assert "--sample" not in runs and "--sample" not in (ROOT / "Makefile").read_text("utf8")
