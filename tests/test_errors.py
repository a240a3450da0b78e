"""docexec/core/errors.py: each error logged once, where it is read back from its message."""

from __future__ import annotations

import contextvars
import logging

import pytest

from docexec.core import errors
from docexec.core.errors import DocExecError, Location, Reporter, collecting, location_of, report

pytestmark = pytest.mark.check


class Recorded(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def logged():
    """The records logged on ``mkdocs.plugins.docexec`` during the test (however it propagates)."""
    handler = Recorded()
    errors.LOG.addHandler(handler)
    yield handler.records
    errors.LOG.removeHandler(handler)


def test_a_reporter_logs_each_message_once_in_order(logged):
    reporter = Reporter()
    reporter.report("docs/zh/a.md:3: first")
    reporter.report(DocExecError("docs/zh/a.md:3: first"))  # a page converted again reports it again
    reporter.report(DocExecError("docs/zh/a.md:9: second"))
    assert reporter.messages == ["docs/zh/a.md:3: first", "docs/zh/a.md:9: second"]
    assert [(r.levelno, r.getMessage()) for r in logged] == [
        (logging.ERROR, "docs/zh/a.md:3: first"), (logging.ERROR, "docs/zh/a.md:9: second")]
    assert all(r.name == "mkdocs.plugins.docexec" for r in logged)  # the logger that fails `mkdocs build --strict`


def test_a_reporter_that_does_not_log_only_keeps(logged):
    reporter = Reporter(log=False)
    reporter.report("x: y")
    assert reporter.messages == ["x: y"] and logged == []


def test_report_goes_to_the_reporter_in_use(logged):
    def a_build() -> list[str]:
        reporter = Reporter()
        errors.use(reporter)
        report("docs/en/b.md:1: in this build")
        report("docs/en/b.md:1: in this build")
        return reporter.messages

    assert contextvars.copy_context().run(a_build) == ["docs/en/b.md:1: in this build"]  # the test's context unchanged
    assert [r.getMessage() for r in logged] == ["docs/en/b.md:1: in this build"]


def test_collecting_gathers_instead_of_logging(logged):
    with collecting() as outer:
        report("a.md:1: one")
        with collecting() as inner:
            report(DocExecError("a.md:2: two"))
            report("a.md:2: two")
        report("a.md:3: three")
    assert outer == ["a.md:1: one", "a.md:3: three"]
    assert inner == ["a.md:2: two"]
    assert logged == []
    with pytest.raises(RuntimeError), collecting() as gathered:
        report("a.md:4: four")
        raise RuntimeError
    assert gathered == ["a.md:4: four"]
    reporter = Reporter(log=False)
    contextvars.copy_context().run(lambda: (errors.use(reporter), report("after: the collection ends")))
    assert reporter.messages == ["after: the collection ends"]


def test_location_of_a_message_with_a_snippet_line():
    message = "docs/zh/x.md:12 (snippets/a/01.py:3): unexpected ZeroDivisionError: division by zero"
    assert location_of(message) == Location("docs/zh/x.md", 12, ("snippets/a/01.py", 3))
    assert DocExecError(message).location == Location("docs/zh/x.md", 12, ("snippets/a/01.py", 3))


def test_location_of_a_page_line_and_of_a_plain_path():
    assert location_of("docs/zh/x.md:12: unknown block option(s) ['raise']") == Location("docs/zh/x.md", 12)
    assert location_of("glossary.yml: search dictionary: ScannerError: x") == Location("glossary.yml")
    assert location_of("docs/zh/only.md: no docs/en/only.md: every page needs its twin") == Location("docs/zh/only.md")
    assert location_of("docs/zh/a.md and docs/en/a.md differ") == Location("docs/zh/a.md")
    assert location_of("the shared page server did not start (exit code 1)") is None
    assert location_of("") is None
    assert DocExecError("no place").location is None


def test_a_fatal_error_says_so():
    assert DocExecError("p.md:1: x", fatal=True).fatal and not DocExecError("p.md:1: x").fatal
    assert str(DocExecError("p.md:1: x")) == "p.md:1: x"


def test_serve_mode_prints_and_does_not_fail_the_build(capsys):
    before = (errors.LOG.propagate, list(errors.LOG.handlers))
    try:
        errors.serve_mode(True)
        errors.serve_mode(True)  # a second serve build: still one handler
        assert errors.LOG.propagate is False  # MkDocs' strict count never sees it
        assert len([h for h in errors.LOG.handlers if getattr(h, "docexec_serve", False)]) == 1
        Reporter().report("docs/zh/a.md:3: shown, not fatal")
        assert "docs/zh/a.md:3: shown, not fatal" in capsys.readouterr().err
        errors.serve_mode(False)
        assert errors.LOG.propagate is True
        assert not [h for h in errors.LOG.handlers if getattr(h, "docexec_serve", False)]
    finally:
        errors.serve_mode(False)
        errors.LOG.propagate, errors.LOG.handlers[:] = before
