"""git_dates: the git-revision-date-localized plugin's "last changed" dates, right on older git.

The plugin asks ``git log --diff-filter=r`` (exclude renames); git before 2.41 (Debian 12's 2.39)
lists no commit at all for a filter of exclusions only, and every page was then dated with the
build's day. :func:`on_older_git` gives the plugin a git whose ``log`` drops that filter (a log
without ``--follow`` lists no renames anyway).

May not touch: pages, execution; only the plugin's repository object.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig


class GitLog:
    """A GitPython ``Git`` whose ``log`` drops ``--diff-filter=r``; everything else passes through."""

    def __init__(self, git: object) -> None:
        self._git = git

    def __getattr__(self, name: str) -> object:
        return getattr(self._git, name)

    def log(self, *args: object, **kwargs: object) -> str:
        if kwargs.get("diff_filter") == "r":
            del kwargs["diff_filter"]
        return self._git.log(*args, **kwargs)  # type: ignore[attr-defined]


def on_older_git(config: MkDocsConfig) -> None:
    """The git-revision-date-localized plugin's page dates, right on older git (:class:`GitLog`)."""
    util = getattr(config.plugins.get("git-revision-date-localized"), "util", None)
    if util is None or getattr(util, "docexec_git_log", False):
        return
    get_repo = util._get_repo
    util._get_repo = lambda path: GitLog(get_repo(path))
    util.docexec_git_log = True
