"""docexec/execute/protocol.py: what the parent believes of a page process, message by message.

Scripted message sequences, no process: a well-behaved page, forged results, messages out of
order, truncated and oversized lines, a page that dies mid-block, one that forges its end and
lives on, the server's reports. Each runs in microseconds; a few end-to-end hostile pages stay
in tests/test_sandbox.py and tests/test_page_server.py.
"""

from __future__ import annotations

import json

import pytest

from docexec.execute.outcome import Outcome
from docexec.execute.protocol import AFTER_END, TOO_LONG, PageProtocol
from docexec.page.blocks import executed_blocks

pytestmark = [pytest.mark.check, pytest.mark.sandbox]

PATH = "docs/zh/p.md"
TEXT = "# p\n\n```python\nprint(1)\n```\n\n```python timeout=\"9\"\nprint(2)\n```\n\n```python\nprint(3)\n```\n"


def judge(total: int = 1000) -> PageProtocol:
    blocks = executed_blocks(TEXT, PATH)
    return PageProtocol(PATH, blocks, lambda _block, ok, text: Outcome(ok, text), start_timeout=120,
                        block_timeout=lambda b: float(b.options.get("timeout", 5)), limit=lambda _b: 100, total=total)


def feed(j: PageProtocol, *messages: object) -> PageProtocol:
    for message in messages:
        j.line(message if isinstance(message, bytes) else json.dumps(message).encode() + b"\n")
    return j


CLEAN = [["start", 0], ["names", 0, []], ["ok", 0, "1"], ["start", 1], ["ok", 1, "2"], ["start", 2], ["fail", 2, "x"],
         ["end"]]
EXIT_OK = ["exit", "code", 0, None]


def texts(j: PageProtocol) -> list[tuple[bool, str]]:
    return [(o.ok, o.text) for o in j.outcomes()]


def test_a_page_that_keeps_to_the_protocol_gets_its_results():
    j = feed(judge(), *CLEAN)
    assert j.finished and not j.stop and j.seconds == AFTER_END
    j.exit(EXIT_OK)
    assert j.done and texts(j) == [(True, "1"), (True, "2"), (False, "x")]


def test_deadlines_follow_the_block_running():
    j = judge()
    assert j.seconds == 120  # the page may take start_timeout to start
    feed(j, ["start", 1 - 1])
    assert j.seconds == 5
    feed(j, ["ok", 0, "1"], ["start", 1])
    assert j.seconds == 9  # its own timeout="9"


@pytest.mark.parametrize("forged", [
    ["ok", 1, "forged"],  # a later block's result, while block 0 runs
    ["ok", 0, "twice"],  # block 0's result twice
    ["end"],  # an end while a block runs
    ["fail", 7, "x"],  # a block that does not exist
    ["start", 2],  # a start out of turn
    ["names", 0, [[1, 0, 5, "os.system"]]],  # a link to something that is not torch
    ["nonsense"],
    "not json",
], ids=["later block", "again", "early end", "unknown block", "skipped start", "non-torch name", "unknown kind", "text"])
def test_anything_out_of_order_fails_the_whole_page(forged):
    j = feed(judge(), ["start", 0])  # block 0 runs
    if forged == ["ok", 0, "twice"]:
        j = feed(judge(), ["start", 0], ["ok", 0, "1"])
    feed(j, forged.encode() + b"\n" if isinstance(forged, str) else forged)
    assert j.stop and j.broken and "a block may not write to its page's socket" in j.broken
    j.exit(["exit", "signal", 9, "asked"])
    results = texts(j)
    assert len(results) == 3 and not any(ok for ok, _ in results)
    assert results[0][1].startswith(f"{PATH}: the page process sent")


def test_a_line_over_the_limit_fails_its_block_only():
    j = feed(judge(), ["start", 0], TOO_LONG, ["start", 1], ["ok", 1, "2"], ["start", 2], ["ok", 2, "3"], ["end"])
    j.exit(EXIT_OK)
    (ok0, text0), *rest = texts(j)
    assert not ok0 and "over the limit of 100 characters" in text0
    assert rest == [(True, "2"), (True, "3")]


def test_a_line_over_the_limit_between_blocks_breaks_the_protocol():
    j = feed(judge(), TOO_LONG)
    assert j.stop and "a message over the size limit" in (j.broken or "")


def test_a_page_that_sends_more_than_it_may_hold_in_all_is_stopped():
    j = feed(judge(total=10), ["start", 0], ["ok", 0, "x" * 200])
    assert j.stop and "page_output" in (j.broken or "")
    before = len(j.results)
    feed(j, ["start", 1], ["ok", 1, "more"])  # nothing more is taken
    assert len(j.results) == before


def test_a_page_that_dies_mid_block_names_the_block_and_the_rest_did_not_run():
    j = feed(judge(), ["start", 0], ["ok", 0, "1"], ["start", 1])
    j.exit(["exit", "signal", 11, None])
    results = texts(j)
    assert results[0] == (True, "1")
    assert results[1] == (False, f"{PATH}:7: the block ended the process (killed by SIGSEGV)")
    assert results[2] == (False, f"{PATH}:11: not run: an earlier block of the page ended it")


def test_a_timeout_stops_the_page_and_names_the_block():
    j = feed(judge(), ["start", 0])
    j.timeout()
    assert j.stop and j.seconds == AFTER_END
    j.exit(["exit", "signal", 9, "asked"])
    assert texts(j)[0] == (False, f"{PATH}:3: the block ran longer than 5 s and was stopped (give it more with"
                                  " timeout=\"...\" if it needs it)")


def test_a_forged_end_then_life_fails_the_page():
    """A block forges the rest of the page and its end, then goes on running: the parent waits
    for the server's report, which does not come; at the deadline the page is stopped and fails."""
    j = feed(judge(), ["start", 0], ["ok", 0, "1"], ["start", 1], ["ok", 1, "2"], ["start", 2], ["ok", 2, "3"], ["end"])
    j.timeout()  # no report within AFTER_END
    assert j.stop
    j.exit(["exit", "signal", 9, "asked"])
    results = texts(j)
    assert results[-1] == (False, f"{PATH}: the page process went on after its last block (a block may not forge its end)")


def test_only_the_servers_report_ends_a_page_and_an_exit_on_the_data_socket_is_a_forgery():
    j = feed(judge(), *CLEAN[:-1], ["exit", "code", 0])
    assert j.stop and j.broken is not None and not j.done


@pytest.mark.parametrize(("report", "message"), [
    (["exit", "code", 3, None], "the block ended the process (exit code 3)"),
    (["exit", "signal", 9, "time"], "the page ran past its time limit and was stopped by the page server"),
    (["exit", "code", 0, "server"], "the block ended the process (exit code 0)"),
    ("garbage", "the page server's report could not be read"),
])
def test_an_end_that_is_not_clean_fails_the_page(report, message):
    j = feed(judge(), ["start", 0], ["ok", 0, "1"])
    j.exit(report)
    assert j.done and message in texts(j)[1][1]


def test_a_page_that_never_starts_is_reported():
    j = judge()
    j.timeout()
    j.exit(["exit", "signal", 9, "asked"])
    assert texts(j)[0] == (False, f"{PATH}: the page process did not start within 120 s")


def test_a_server_that_never_reports_is_given_up_on():
    j = feed(judge(), ["start", 0])
    j.timeout()
    j.timeout()
    assert j.done and "did not report" not in texts(j)[0][1]  # the block's own timeout is the reason shown
