"""`make serve` sees an edit at once: MkDocs' polling observer (every 0.5 s) is replaced by inotify.

docexec/core/thirdparty.py ``watch_natively`` (called in the plugin's on_serve) moves the watches
MkDocs made to an inotify observer, which also takes the later ones; only changes pass, since
MkDocs rebuilds on any event and a build reads the files it watches. MkDocs' own callback logs
each event it gets (``mkdocs.livereload``, debug): these tests read that log.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

import pytest

from docexec.core import thirdparty

pytestmark = pytest.mark.check


class _Events(logging.Handler):
    """The events MkDocs' watch callback got, in order; waited for by condition, not by time."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.seen: list[str] = []
        self.cond = threading.Condition()

    def emit(self, record: logging.LogRecord) -> None:
        with self.cond:
            self.seen.append(record.getMessage())
            self.cond.notify_all()

    def wait_for(self, path: Path, timeout: float = 10) -> list[str]:
        """Every event up to the first one naming ``path`` (fails when none comes)."""
        with self.cond:
            assert self.cond.wait_for(lambda: any(str(path) in e for e in self.seen), timeout), \
                f"no event for {path} within {timeout} s; got {self.seen}"
            return list(self.seen)


@pytest.fixture
def served(tmp_path):
    """A LiveReloadServer (not bound, not serving) watching ``docs/`` and ``mkdocs.yml`` as
    ``mkdocs serve`` does, then switched to inotify; its events."""
    from mkdocs.livereload import LiveReloadServer

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text("# A page\n", "utf8")
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", "utf8")
    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(tmp_path / "site"))
    server.watch(str(tmp_path / "docs"))
    server.watch(str(tmp_path / "mkdocs.yml"))
    events = _Events()
    log = logging.getLogger("mkdocs.livereload")
    level = log.level
    log.addHandler(events)
    log.setLevel(logging.DEBUG)
    try:
        assert thirdparty.watch_natively(server), "inotify refused on this Linux kernel"
        yield server, events
    finally:
        log.removeHandler(events)
        log.setLevel(level)
        server.observer.stop()
        server.observer.join(timeout=10)


def test_the_watches_move_to_an_inotify_observer_which_takes_the_later_ones(served, tmp_path):
    from watchdog.observers.inotify import InotifyObserver

    server, events = served
    assert isinstance(server.observer, InotifyObserver) and server.observer.is_alive()
    (tmp_path / "snippets").mkdir()
    server.watch(str(tmp_path / "snippets"))  # as the plugin's and mkdocs.yml's watch: come after
    assert {w.path for w in server.observer._watches} == {str(tmp_path / "docs"), str(tmp_path / "snippets"),
                                                           str(tmp_path)}  # a file: its folder, filtered
    (tmp_path / "snippets" / "01_new.py").write_text("print(1)\n", "utf8")
    events.wait_for(tmp_path / "snippets" / "01_new.py")
    with server._rebuild_cond:  # set just after the callback logged the event
        assert server._rebuild_cond.wait_for(lambda: server._want_rebuild, timeout=10), \
            "an event came and no rebuild was asked for"


def test_an_edit_a_replace_and_a_new_file_ask_for_a_rebuild_and_reading_does_not(served, tmp_path):
    _, events = served
    page, config = tmp_path / "docs" / "page.md", tmp_path / "mkdocs.yml"
    page.write_text("# A page, edited\n", "utf8")
    events.wait_for(page)
    replacement = tmp_path / "mkdocs.yml.new"  # an editor's atomic save
    replacement.write_text("site_name: y\n", "utf8")
    os.replace(replacement, config)
    events.wait_for(config)
    done = tmp_path / "docs" / "edited.md"  # after the page's last event (a write is two: truncate, write)
    done.write_text("# Edited\n", "utf8")
    before = len(events.wait_for(done))
    page.read_text("utf8")  # what a build does: opened, read, closed unwritten
    os.stat(page)
    os.utime(page, (0, os.stat(page).st_mtime))  # its access time only
    sentinel = tmp_path / "docs" / "later.md"  # the same folder: its events come after the read's
    sentinel.write_text("# Later\n", "utf8")
    after = events.wait_for(sentinel)[before:]
    assert not [e for e in after if str(page) in e], f"reading the page was taken for a change: {after}"


def test_where_inotify_is_refused_the_polling_stays(tmp_path, monkeypatch):
    from mkdocs.livereload import LiveReloadServer
    from watchdog.observers.inotify import InotifyObserver

    (tmp_path / "docs").mkdir()
    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(tmp_path / "site"))
    server.watch(str(tmp_path / "docs"))
    polling = server.observer

    def refused(_self: object) -> None:
        raise OSError(24, "inotify instance limit reached")

    monkeypatch.setattr(InotifyObserver, "start", refused)
    assert thirdparty.watch_natively(server) is False
    assert server.observer is polling and str(tmp_path / "docs") in server._watch_refs
