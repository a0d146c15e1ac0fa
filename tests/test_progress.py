"""Progress on stderr: a bar with rate and ETA on a terminal (cleared at the end, and not
drawn when stdout is the same terminal), plain lines otherwise; items pass unchanged."""
import io
import re

from wirestruct.tools.progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_bar_on_a_terminal_is_cleared_at_the_end():
    out = Terminal()
    position = iter(range(0, 10_000_000, 1000))
    progress = Progress(1000 * 1024, lambda: next(position), stream=out, bar=True)
    items = list(progress.wrap(range(1024)))
    assert items == list(range(1024))
    text = out.getvalue()
    assert "reading" in text and "B/s" in text and "%" in text
    assert re.search(r"\[\d\d:\d\d<(\?|\d\d:\d\d)", text)   # elapsed<remaining: the ETA
    assert text.rstrip(" ").endswith("\r")       # cleared: the summary follows on a clean line


def test_no_bar_while_stdout_is_the_same_terminal():
    out = Terminal()
    progress = Progress(1000, lambda: 0, stream=out, bar=False)
    assert list(progress.wrap(range(600))) == list(range(600))
    assert out.getvalue() == ""


def test_plain_lines_when_not_a_terminal():
    out = io.StringIO()
    progress = Progress(None, lambda: 0, stream=out, every=0)
    assert list(progress.wrap(range(600))) == list(range(600))
    lines = out.getvalue().splitlines()
    assert lines == ["256 records, 0s", "512 records, 0s"]
