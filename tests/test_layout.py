"""docexec/'s shape: imports follow the stage order and make no cycle; every module states its
contract; the languages are named only in the settings.

The stages, in the order data flows (ARCHITECTURE.md): a module may import its own stage and
the stages before it, never one after it, and no chain of imports may lead back to where it
started. Every import counts: at the top, inside a function, under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.check

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "docexec"
STAGES = ["core", "page", "execute", "render", "notebooks", "site", "checks", "build", "plugin|cli|__init__|__main__"]
MAX_DOCSTRING_LINES = 15
LANGUAGE_WORDS = {"zh", "en"}


def _rank(module: str) -> int:
    """The stage of ``docexec.<stage>[.<module>]`` (the package itself is the top)."""
    parts = module.split(".")
    name = parts[1] if len(parts) > 1 else "__init__"
    for rank, stage in enumerate(STAGES):
        if name in stage.split("|"):
            return rank
    raise AssertionError(f"{module}: in no stage of {STAGES} (add it to ARCHITECTURE.md and here)")


def _modules(package: Path) -> dict[str, Path]:
    out = {}
    for file in sorted(package.rglob("*.py")):
        parts = list(file.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        out[".".join(parts)] = file
    return out


def _imports(file: Path, known: set[str]) -> list[tuple[str, int]]:
    """(module of this package imported, line) for every import statement in ``file``."""
    found = []
    for node in ast.walk(ast.parse(file.read_text("utf8"), str(file))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.append((sub if sub in known else node.module, node.lineno))
    root = next(iter(known)).split(".")[0]
    return [(name, line) for name, line in found if name == root or name.startswith(root + ".")]


def violations(package: Path) -> list[str]:
    """Imports against the stage order, and import cycles, in ``package``."""
    modules = _modules(package)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    problems = []
    for name, file in modules.items():
        for target, line in _imports(file, set(modules)):
            if target not in modules:
                problems.append(f"{file.relative_to(package.parent)}:{line}: imports {target}, which does not exist")
                continue
            graph[name].add(target)
            if _rank(target) > _rank(name):
                problems.append(f"{file.relative_to(package.parent)}:{line}: {name} (stage {STAGES[_rank(name)]})"
                                f" imports {target} (stage {STAGES[_rank(target)]}), a later stage")
    # The package's own __init__ imports every stage (the public names): an edge into it would
    # make every module a cycle, so importing the package itself from a stage is the error above.
    seen: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for target in sorted(graph[node]):
            if seen.get(target) == 1:
                cycle = path[path.index(target):] + [target] if target in path else [node, target]
                problems.append("import cycle: " + " -> ".join(cycle))
            elif target not in seen:
                visit(target, [*path, target])
        seen[node] = 2

    for name in sorted(graph):
        if name not in seen:
            visit(name, [name])
    return problems


def test_imports_follow_the_stage_order_and_make_no_cycle():
    assert not (problems := violations(PACKAGE)), "\n".join(problems)


def test_each_stage_is_reached_by_its_name_on_the_package():
    """``docexec.<stage>`` is the stage's subpackage, not a public function of the same name:
    ``import docexec.render.tooltips as tooltips`` failed while the namespace exported ``render``."""
    import importlib

    import docexec

    for stage in STAGES[:-1]:
        module = importlib.import_module(f"docexec.{stage}")
        assert getattr(docexec, stage) is module, f"docexec.{stage} is {getattr(docexec, stage)!r}: rename that export"


def test_the_layout_check_finds_a_backward_import_and_a_cycle(tmp_path):
    package = tmp_path / "docexec"
    for name, text in {
        "__init__.py": "",
        "core/__init__.py": "",
        "core/settings.py": "from docexec.render import rendering\n",  # core may not import render
        "render/__init__.py": "",
        "render/rendering.py": "def f():\n    from docexec.render import output\n",
        "render/output.py": "from docexec.render.rendering import f\n",  # cycle with rendering
    }.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, "utf8")
    problems = violations(package)
    assert "docexec/core/settings.py:1: docexec.core.settings (stage core) imports docexec.render.rendering" \
           " (stage render), a later stage" in problems
    assert any(p.startswith("import cycle: ") and "docexec.render.output" in p and "docexec.render.rendering" in p
               for p in problems), problems


@pytest.mark.parametrize("module", sorted(_modules(PACKAGE)), ids=str)
def test_every_module_says_what_it_may_not_touch_in_a_short_docstring(module):
    file = _modules(PACKAGE)[module]
    doc = ast.get_docstring(ast.parse(file.read_text("utf8")), clean=False)
    assert doc, f"{file.relative_to(ROOT)}: no module docstring (what it does, why, and 'May not touch: ...')"
    if file.name != "__init__.py" or module.count(".") == 0:
        assert "May not touch:" in doc, f"{file.relative_to(ROOT)}: the docstring has no 'May not touch:' line"
    lines = doc.strip("\n").count("\n") + 1
    assert lines <= MAX_DOCSTRING_LINES, f"{file.relative_to(ROOT)}: a {lines}-line docstring; say what and why," \
                                         f" figures go to PERFORMANCE.md"


def language_literals(file: Path) -> list[str]:
    """String constants (not docstrings) naming a language: ``"zh"``, ``"docs/en/..."``, ``"zh/..."``."""
    tree = ast.parse(file.read_text("utf8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text = node.value
            head = text.removeprefix("docs/").split("/")[0]
            if text in LANGUAGE_WORDS or ("/" in text and head in LANGUAGE_WORDS):
                found.append((node.lineno, f"{file.relative_to(file.parents[1])}:{node.lineno}: {text!r}"))
    return [hit for _, hit in sorted(found)]


def test_the_languages_are_named_only_in_the_settings():
    found = [hit for file in sorted(PACKAGE.rglob("*.py")) if file not in (PACKAGE / "core" / "settings.py", PACKAGE / "core" / "labels.py")
             for hit in language_literals(file)]
    assert not found, "languages come from the settings (i18n's languages, LABELS):\n" + "\n".join(found)


def test_the_language_check_finds_a_literal(tmp_path):
    (tmp_path / "docexec").mkdir()
    sample = tmp_path / "docexec" / "x.py"
    sample.write_text('"""Pages under docs/zh/ are Chinese."""\nLANGS = ("zh", "fr")\nPATH = "docs/en/a.md"\n', "utf8")
    assert language_literals(sample) == ["docexec/x.py:2: 'zh'", "docexec/x.py:3: 'docs/en/a.md'"]
