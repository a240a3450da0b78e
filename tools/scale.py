"""A generated site of N realistic pages per language, for `make bench`'s scale run.

    python tools/scale.py N FOLDER      # write the site into FOLDER (a temporary folder)

Each page is like the real ones: front matter with a description, a title and sections with
explicit English anchors, prose in Chinese (docs/zh) and English (docs/en), 10 executed torch
blocks whose code is written once in ``snippets/page-NNN/`` (one expects a ``RuntimeError``,
two sit in a content tab, one prints a warning), an inline ``{python}`` value, an admonition,
and links to the next page and the glossary. The site uses this project's mkdocs.yml (theme,
plugins, the docexec plugin among them, Markdown extensions) with a generated nav of
sections of 15 pages, and this project's overrides/ and glossary.yml.

Never committed: ``make bench`` writes it into a temporary folder and removes it.
"""

from __future__ import annotations

import re
import shutil
import sys
import textwrap
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SECTION = 15  # pages per nav section

# The blocks of a page: (file name, code, options). {k} varies from page to page.
BLOCKS = [
    ("01_leaf.py", """\
        x = torch.arange({k}.0, requires_grad=True)
        y = (x * x).sum()
        y.backward()
        print(x.grad)
        print(x.is_leaf, y.is_leaf, type(y.grad_fn).__name__)
        """, ""),
    ("02_vjp.py", """\
        x = torch.tensor([1.0, 2.0, {k}.0], requires_grad=True)
        z = x ** 2
        z.backward(torch.tensor([1.0, 0.5, 0.25]))
        print(x.grad)
        """, ""),
    ("03_accumulate.py", """\
        w = torch.ones(2, requires_grad=True)
        for step in range(3):
            (w * {k}).sum().backward()
            print(step, w.grad)
        """, ""),
    ("04_shapes.py", """\
        a = torch.arange(6.0).reshape(2, 3)
        b = torch.arange({k}.0, {k}.0 + 12).reshape(3, 4)
        print(torch.mm(a, b).shape, torch.matmul(a, b)[0])
        """, ""),
    ("05_mismatch.py", """\
        a = torch.ones(2, 3)
        b = torch.ones({k} + 3, 2)
        torch.mm(a, b)
        """, ' raises="RuntimeError"'),
    ("06_no_grad.py", """\
        x = torch.ones(3, requires_grad=True)
        with torch.no_grad():
            y = x * {k}
        print(y.requires_grad, y)
        """, ""),
    ("07_random.py", """\
        torch.manual_seed({k})
        t = torch.randn(2, 3)
        print(t.round(decimals=3))
        """, ""),
    ("08_non_leaf_grad.py", """\
        x = torch.ones(2, requires_grad=True)
        y = x * {k}
        y.sum().backward()
        print(y.grad)
        """, ""),
    ("09_detach.py", """\
        x = torch.tensor([{k}.0, 1.0], requires_grad=True)
        d = x.detach()
        print(d.requires_grad, d.data_ptr() == x.data_ptr())
        """, ""),
    ("10_dtype.py", """\
        t = torch.tensor([{k}, 2, 3])
        print(t.dtype, t.float().mean())
        """, ""),
]

ZH = """\
---
description: 第 {n} 页：叶子张量、反向传播、梯度累加与矩阵乘法的形状，每段代码在构建时执行，输出来自 torch {version}。
---

# 第 {n} 页：梯度与形状 {{ #page-{n} }}

这一页用生成的例子检查自动微分的几个常见问题。每个代码块都在构建时运行，下面的输出就是 torch 今天打印的结果。

## 叶子张量与 grad {{ #leaf-and-grad }}

```python
--8<-- "{slug}/01_leaf.py"
```

`x` 是叶子张量，反向传播后 `x.grad` 与 `x` 形状相同；`y` 不是叶子，它的 `grad_fn` 记录了产生它的运算。

```python
--8<-- "{slug}/02_vjp.py"
```

对非标量调用 `backward` 时要传入与输出同形状的向量，得到的是向量-雅可比积。

!!! note "梯度会累加"

    每次调用 `backward()`，梯度都会加到 `.grad` 上，而不是覆盖它：

    ```python
    --8<-- "{slug}/03_accumulate.py"
    ```

## 矩阵乘法的形状 {{ #shapes }}

=== "mm"

    ```python
    --8<-- "{slug}/04_shapes.py"
    ```

=== "形状不匹配"

    ```python raises="RuntimeError"
    --8<-- "{slug}/05_mismatch.py"
    ```

第一个矩阵的列数必须等于第二个矩阵的行数，否则报错，信息里写明了两个形状。

## 关闭梯度 {{ #no-grad }}

```python
--8<-- "{slug}/06_no_grad.py"
```

在 `torch.no_grad()` 里算出的 `y` 不需要梯度（`y.requires_grad` 为 `{{python}} y.requires_grad`）。

```python
--8<-- "{slug}/07_random.py"
```

随机数先设种子，所以每次构建的输出相同。

## 非叶子张量的 grad {{ #non-leaf }}

```python
--8<-- "{slug}/08_non_leaf_grad.py"
```

非叶子张量的 `.grad` 默认不保留，读取它会得到 `None` 并给出警告。

```python
--8<-- "{slug}/09_detach.py"
```

```python
--8<-- "{slug}/10_dtype.py"
```

下一页：[第 {next} 页](page-{next_n}.md)；术语见[术语表](../glossary.md)。
"""

EN = """\
---
description: Page {n} covers leaf tensors, backward, gradient accumulation and matmul shapes; every block runs at build time and prints what torch {version} prints.
---

# Page {n}: gradients and shapes {{ #page-{n} }}

This page checks a few common autograd questions with generated examples. Every block runs when the site is built, so the output below is what torch prints today.

## Leaf tensors and grad {{ #leaf-and-grad }}

```python
--8<-- "{slug}/01_leaf.py"
```

`x` is a leaf tensor, so after the backward pass `x.grad` has the shape of `x`; `y` is not a leaf, and its `grad_fn` records the operation that made it.

```python
--8<-- "{slug}/02_vjp.py"
```

Calling `backward` on a non-scalar needs a vector of the output's shape: the result is a vector-Jacobian product.

!!! note "Gradients accumulate"

    Each `backward()` call adds to `.grad` instead of overwriting it:

    ```python
    --8<-- "{slug}/03_accumulate.py"
    ```

## Matrix product shapes {{ #shapes }}

=== "mm"

    ```python
    --8<-- "{slug}/04_shapes.py"
    ```

=== "Shape mismatch"

    ```python raises="RuntimeError"
    --8<-- "{slug}/05_mismatch.py"
    ```

The first matrix needs as many columns as the second has rows; otherwise the error names both shapes.

## Turning gradients off {{ #no-grad }}

```python
--8<-- "{slug}/06_no_grad.py"
```

`y`, computed under `torch.no_grad()`, does not require grad (`y.requires_grad` is `{{python}} y.requires_grad`).

```python
--8<-- "{slug}/07_random.py"
```

The random numbers are seeded, so every build prints the same output.

## The grad of a non-leaf tensor {{ #non-leaf }}

```python
--8<-- "{slug}/08_non_leaf_grad.py"
```

A non-leaf tensor's `.grad` is not kept by default: reading it gives `None` and a warning.

```python
--8<-- "{slug}/09_detach.py"
```

```python
--8<-- "{slug}/10_dtype.py"
```

Next: [page {next}](page-{next_n}.md); terms are in the [glossary](../glossary.md).
"""

GLOSSARY = {"zh": "# 术语表 { #glossary }\n\n<!-- glossary -->\n", "en": "# Glossary { #glossary }\n\n<!-- glossary -->\n"}
HOME = {"zh": "# 生成的站点 {{ #home }}\n\n共 {n} 页。\n", "en": "# Generated site {{ #home }}\n\n{n} pages.\n"}


def write_site(n: int, folder: Path) -> Path:
    """Write a site of ``n`` pages per language into ``folder``; returns its mkdocs.yml."""
    from importlib.metadata import version

    if folder.exists():
        shutil.rmtree(folder)
    for lang in ("zh", "en"):
        (folder / "docs" / lang / "pages").mkdir(parents=True)
    for i in range(1, n + 1):
        slug = f"page-{i:03d}"
        for name, code, _ in BLOCKS:
            target = folder / "snippets" / slug / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("import torch\n\n" * (name == "01_leaf.py") + textwrap.dedent(code).format(k=1 + i % 5), "utf8")
        values = {"n": i, "slug": slug, "next": i % n + 1, "next_n": f"{i % n + 1:03d}", "version": version("torch")}
        for lang, template in (("zh", ZH), ("en", EN)):
            (folder / "docs" / lang / "pages" / f"{slug}.md").write_text(template.format(**values), "utf8")
    for lang in ("zh", "en"):
        (folder / "docs" / lang / "index.md").write_text(HOME[lang].format(n=n), "utf8")
        (folder / "docs" / lang / "glossary.md").write_text(GLOSSARY[lang], "utf8")
    # The project's glossary, each term explained on a generated page (a term must appear on
    # its page: the glossary page itself, which lists every term, is that page here).
    terms = yaml.safe_load((ROOT / "glossary.yml").read_text("utf8"))
    for term in terms:
        term["page"] = "glossary.md"
        for key in ("anchor_zh", "anchor_en"):
            term.pop(key, None)
    (folder / "glossary.yml").write_text(yaml.dump(terms, allow_unicode=True, sort_keys=False), "utf8")
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf8"), Loader=_Loader)
    config["theme"]["custom_dir"] = str(ROOT / "overrides")
    config["watch"] = ["snippets"]  # as in the project: an edited snippet rebuilds its pages in `mkdocs serve`
    config["site_url"] = "http://127.0.0.1:8000/"
    config["plugins"] = [p for p in config["plugins"] if not (isinstance(p, dict) and "mkdocs-jupyter" in p)]
    pages = [f"pages/page-{i:03d}.md" for i in range(1, n + 1)]
    sections = [{f"第 {s // SECTION + 1} 部分": pages[s : s + SECTION]} for s in range(0, n, SECTION)]
    config["nav"] = [{"首页": "index.md"}, *sections, {"参考": ["glossary.md"]}]
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    en = next(lang for lang in i18n["languages"] if lang["locale"] == "en")
    en["nav_translations"] = {"首页": "Home", "参考": "Reference",
                              **{f"第 {s + 1} 部分": f"Part {s + 1}" for s in range(len(sections))}}
    (folder / "mkdocs.yml").write_text(yaml.dump(config, allow_unicode=True, sort_keys=False), "utf8")
    return folder / "mkdocs.yml"


def write_plain(config: Path) -> Path:
    """The same site as plain Material builds it, for `make bench`'s comparison: this
    ``mkdocs.yml`` without the engine (no docexec plugin, no overrides and the CSS and scripts
    they hold), with the same Markdown, theme, Markdown extensions and other plugins (search,
    i18n, git dates), from a copy of its pages in ``docs-plain/``. Written next to it as
    ``mkdocs.plain.yml``."""
    data = yaml.load(config.read_text("utf8"), Loader=_Loader)
    # The same pages, less the engine's own block options: plain Material does not take
    # ```python raises="RuntimeError"``` as a fence (superfences refuses an unknown option), so it
    # printed that block as a paragraph of its text, one block a page it did not highlight.
    docs = config.parent / data.get("docs_dir", "docs")
    plain_docs = config.parent / "docs-plain"
    shutil.rmtree(plain_docs, ignore_errors=True)
    shutil.copytree(docs, plain_docs)
    for page in plain_docs.rglob("*.md"):
        text = page.read_text("utf8")
        page.write_text(re.sub(r"^(\s*```+python)[ \t]+[a-z_]+=.*$", r"\1", text, flags=re.MULTILINE), "utf8")
    data["docs_dir"] = plain_docs.name
    data["theme"] = {k: v for k, v in data["theme"].items() if k not in {"custom_dir", "static_templates"}}
    data["plugins"] = [p for p in data["plugins"] if not (p == "docexec" or isinstance(p, dict) and "docexec" in p)]
    for key in ("extra_css", "extra_javascript", "watch", "hooks"):
        data.pop(key, None)
    plain = config.with_name("mkdocs.plain.yml")
    plain.write_text(yaml.dump(data, allow_unicode=True, sort_keys=False), "utf8")
    return plain


class _Loader(yaml.SafeLoader):
    """mkdocs.yml's ``!ENV [NAME, default]`` read as its default."""


_Loader.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node)[-1])


if __name__ == "__main__":
    print(write_site(int(sys.argv[1]), Path(sys.argv[2]).resolve()))
