"""answer_key: a chapter's questions printed in place, their answers in a key at the chapter's end.

In the PDF (:mod:`docexec.site.pdf_document`), a question (:mod:`docexec.render.predict`) keeps
its code and its choices where it stands; its folded answer is taken out and replaced by a line
pointing to the key, so a reader of paper can predict before they look. :class:`Key` collects a
chapter's answers, numbered across its pages, and writes them after the chapter's last page:
the number, the page, the right letter and choice, the one-line why (its links already inside
the PDF) and the block's real output; its title is no heading, so the outline stays the nav's. The progress bar and
the Check button, which need JavaScript, are dropped.

May not touch: the built pages (it is given an article's HTML and returns HTML); writes nothing.
"""

from __future__ import annotations

import html

from docexec.core import settings

CSS = """
.docexec-predict-bar, .docexec-predict__act { display: none !important; }
.docexec-predict__choices { border: 0.3mm solid #000; border-radius: 1mm; margin: 0; padding: 0.5mm 3mm 2mm; break-inside: avoid; }
.docexec-predict__choices legend { font-weight: 700; padding: 0 1mm; }
.docexec-predict__choice { display: flex; align-items: flex-start; gap: 2mm; margin: 1mm 0; }
.docexec-predict__choice input { margin: 0.6mm 0 0; }
.docexec-predict__letter { font-weight: 700; }
.docexec-predict__choice code { white-space: pre-wrap; overflow-wrap: anywhere; word-break: break-all; }
.pdf-answer-see { font-style: italic; margin: 1mm 0 4mm; }
.pdf-answer-key { break-before: page; }
.pdf-answer-key-title { font-size: 16pt; font-weight: 700; margin: 0 0 4mm; }
.pdf-answer-row { margin: 0 0 2.5mm; break-inside: avoid; }
.pdf-answer-key code { white-space: pre-wrap; overflow-wrap: anywhere; word-break: normal; }
"""


class Key:
    """The answers of one chapter's questions, in the order they are printed."""

    def __init__(self, lang: str) -> None:
        self.words = settings.current().labels(lang).predict
        self.rows: list[str] = []

    def take(self, content: str, slug: str, title: str) -> str:
        """An article's HTML with each question's answer taken into the key, a pointer in its place."""
        if "docexec-predict" not in content:
            return content
        from bs4 import BeautifulSoup

        soup = BeautifulSoup(content, "html.parser")
        for junk in soup.select(".docexec-predict-bar, .docexec-predict__act"):
            junk.decompose()
        for question in soup.select("div.docexec-predict"):
            n = len(self.rows) + 1
            anchor = f"{slug}--q{n}"
            question["id"] = anchor
            if (legend := question.select_one("legend")) is not None:
                legend.insert(0, f'{self.words["pdf_question"].format(n=n)}. ')
            answer = question.select_one("details.docexec-predict__answer")
            choices = question.select(".docexec-predict__choice code")
            right = int(str(question.get("data-answer", "0")))
            letter = "ABCD"[right]
            text = choices[right].decode_contents() if right < len(choices) else ""
            why, printed = "", ""
            if answer is not None:
                for part in answer.find_all("p", recursive=False):
                    if not part.get("class"):  # the why (key, value and notes have a class)
                        why = part.decode_contents()
                printed = "".join(str(o) for o in answer.find_all("div", class_="docexec-output", recursive=False))
                answer.replace_with(BeautifulSoup(
                    f'<p class="pdf-answer-see">{html.escape(self.words["pdf_see"].format(n=n))}</p>', "html.parser"))
            self.rows.append(f'<p class="pdf-answer-row"><a href="#{anchor}">{html.escape(self.words["pdf_question"].format(n=n))}</a>'
                             f' ({html.escape(title)}): <strong>{letter}</strong> <code>{text}</code>'
                             + (f"<br>{why}" if why else "") + "</p>" + printed)
        return soup.decode()

    def section(self, slug: str) -> str:
        """The key of the chapter (empty when it asked nothing); the key starts empty again."""
        if not self.rows:
            return ""
        rows, self.rows = self.rows, []
        return (f'<style>{CSS}</style><section class="pdf-answer-key md-typeset" id="{slug}--answers">'
                f'<p class="pdf-answer-key-title">{html.escape(self.words["pdf_key"])}</p>{"".join(rows)}</section>')
