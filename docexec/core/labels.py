"""labels: the words the build writes into pages, per language.

Every word a reader sees that does not come from a page (the label over an output, the notebook
button, the stepper's sentences, the PDF's cover, ...) is here, once per language; a language
the i18n plugin builds must have an entry (the settings check it).

May not touch: anything; it is data.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Labels:
    """What the build writes for the reader, in one language."""

    code: str  # the tab over code (source="tabbed-*")
    output: str  # the label over every output
    error: str  # the red box of a failing block
    notebook_button: str
    notebook_offline: tuple[str, str]  # the offline copy's notebook button: its label, its title ({path}: the notebook's)
    notebook_intro: str  # first cell of a page's notebook; {title} {url} {version}
    notebook_version: str  # printed by the set-up cell; {version}
    notebook_setup: str  # the comment line that opens the set-up cell of every notebook
    exercises: str  # the heading of a chapter page's list of the practice exercises drawing on it
    glossary_headers: tuple[str, str, str, str]
    aka: tuple[str, str, str]  # other names of a glossary term: opening, separator, closing
    api_index: tuple[str, str]  # API index: before the page that explains a name; between a page and its sections
    stepper: dict[str, str]  # the backward stepper's words (docexec/render/stepper.py says where each goes)
    pdf: tuple[str, str, str, str]  # the PDF's title, subtitle, contents heading, build line ({torch} ...)
    report: tuple[str, str, str]  # an output's report link: its words, the title ({page}) and body
    predict: dict[str, str] = dataclasses.field(default_factory=dict)  # a question's words (docexec/render/predict.py)


LABELS: dict[str, Labels] = {
    "zh": Labels(
        code="代码",
        output="输出",
        error="这段代码运行出错",
        notebook_button="下载 Notebook",
        notebook_offline=("Notebook 在 notebooks 文件夹", "这一页的 Notebook 是本副本的 {path}，打开方法见首页"),
        notebook_intro="这个 Notebook 由网站页面[{title}]({url})自动生成：文字、代码和顺序都与页面一致，"
                       "保存的输出是网站构建时用 torch {version} 运行的结果。"
                       "下面第一个代码单元做了网站构建时对每一页做的准备（固定随机种子；警告像页面上那样打印成一行），"
                       "并打印你的 torch 版本；版本不同，个别输出可能不同。",
        notebook_version="本页构建时的 torch 版本：{version}",
        notebook_setup="# 与网站构建时对每一页的准备相同：相同的随机种子，警告打印成一行。",
        exercises="练习",
        glossary_headers=("术语", "English", "释义", "详见"),
        aka=("（", "、", "）"),
        api_index=("讲解", "："),
        stepper={
            "caption": "反向传播的每一步：torch 运行时用钩子记录下来的顺序和数值",
            "counter": "第 {n} 步，共 {total} 步", "previous": "上一步", "next": "下一步",
            "node": "{op}（{name}）", "receives": "{node} 收到梯度 {grad}",
            "sum": "，由 {parts} 相加而来", "part": "第 {n} 步 {node} 传来的 {grad}", "and": "、", "last_and": "和",
            "sends": "传给 {node}：{grad}", "stops": "下标为 {k} 的输入不需要梯度：这条路上梯度到此为止",
            "writes": "写入 {field}：{after}",
            "adds": "{field} 原来是 {before}，加上 {grad}，得到 {after}",
            "views": "{views} 是 {tensor} 的视图：梯度写进底层的叶子张量 {tensor}，{views_field} 仍是 None",
            "retains": "对 {tensor} 调用过 retain_grad()，收到的梯度也存进 {field}：{after}",
        },
        pdf=("Autograd 笔记", "用今天的 PyTorch 输出重读两份 autograd 学习笔记", "目录",
             "输出由 torch {torch}、Python {python} 运行得到 · 构建于 {date} · 提交 {commit}"),
        report=("报告此输出", "输出有误：{page}",
                "页面：{url}\n代码块：{key}\ntorch {torch} · Python {python} · 提交 {commit}\n\n"
                "这段输出哪里不对，应当是什么：\n"),
        predict={
            "output": "先预测：这段代码会打印什么？", "raises": "先预测：这段代码会报错吗？报什么错？",
            "value": "先预测：这段代码运行后，{expr} 是什么？", "check": "核对", "answer": "答案",
            "key": "正确答案：{letter}", "value_is": "运行后 {expr} 是 {value}",
            "right": "✓ 对了，是 {letter}。", "wrong": "✗ 不是 {letter}，正确答案是 {right}。",
            "choose": "先选一个答案，再核对。", "belief": "{letter}：{belief}",
            "ran": "这样写的代码会打印它", "literal": "一种常见的猜测",
            "bar": "先预测，再运行", "progress": "本页已预测 {done} / {total} 题",
            "chapter": "本章 {done} / {total} 题", "mode": "先预测，再看输出", "reset": "清除本页记录",
            "notebook": "**{ask}**\n\n{choices}\n\n想好了再运行下面的代码单元，答案和解释在它后面。",
            "pdf_key": "答案", "pdf_see": "答案见本章末尾，第 {n} 题。", "pdf_question": "第 {n} 题",
        },
    ),
    "en": Labels(
        code="Code",
        output="Output",
        error="This block failed",
        notebook_button="Download notebook",
        notebook_offline=("Notebook in the notebooks folder", "This page's notebook is {path} in this copy; how to open it: the home page"),
        notebook_intro="This notebook was generated from the page [{title}]({url}): the same text, code and order. "
                       "The saved outputs are what the site's build printed with torch {version}. "
                       "The first code cell prepares the run the way the build prepares every page (the same "
                       "random seeds; warnings printed on one line, as the page shows them) and prints your "
                       "torch version; with another version a few outputs may differ.",
        notebook_version="this page was built with torch {version}",
        notebook_setup="# Prepared as the site's build prepares every page: the same seeds, warnings on one line.",
        exercises="Exercises",
        glossary_headers=("Term", "中文", "Definition", "Explained in"),
        aka=(" (", ", ", ")"),
        api_index=("Explained in", ": "),
        stepper={
            "caption": "The backward pass step by step: the order and the values that hooks recorded while torch ran it",
            "counter": "Step {n} of {total}", "previous": "Previous step", "next": "Next step",
            "node": "{op} ({name})", "receives": "{node} receives the gradient {grad}",
            "sum": ", the sum of {parts}", "part": "{grad} from {node} (step {n})", "and": ", ", "last_and": " and ",
            "sends": "sends {grad} to {node}", "stops": "the input at index {k} does not require grad: the gradient stops here",
            "writes": "writes {after} into {field}",
            "adds": "{field} was {before}; adding {grad} gives {after}",
            "views": "{views} is a view of {tensor}: the gradient goes into the base leaf {tensor}, and {views_field} stays None",
            "retains": "retain_grad() was called on {tensor}, so the gradient arriving here is also kept in {field}: {after}",
        },
        pdf=("Autograd Notes", "Two Chinese autograd study notes, re-read against today's PyTorch output", "Contents",
             "Outputs produced by torch {torch} on Python {python} · built {date} · commit {commit}"),
        report=("Report this output", "Wrong output: {page}",
                "Page: {url}\nBlock: {key}\ntorch {torch} · Python {python} · commit {commit}\n\n"
                "What is wrong in this output, and what should it say:\n"),
        predict={
            "output": "Predict: what does this block print?", "raises": "Predict: does this block raise an error, and which?",
            "value": "Predict: after this block runs, what is {expr}?", "check": "Check", "answer": "Answer",
            "key": "The answer: {letter}", "value_is": "After the block, {expr} is {value}",
            "right": "✓ Right: {letter}.", "wrong": "✗ Not {letter}: the answer is {right}.",
            "choose": "Choose an answer, then check it.", "belief": "{letter}: {belief}",
            "ran": "code written this way prints it", "literal": "a common guess",
            "bar": "Predict, then run", "progress": "Predicted {done} of {total} on this page",
            "chapter": "{done} of {total} in this chapter", "mode": "Predict before outputs show", "reset": "Reset this page",
            "notebook": "**{ask}**\n\n{choices}\n\nDecide, then run the next cell; the answer and why come after it.",
            "pdf_key": "Answers", "pdf_see": "Answer at the end of this chapter, question {n}.", "pdf_question": "Question {n}",
        },
    ),
}
