"""Progress on stderr: a bar on a terminal, plain lines otherwise; items pass unchanged."""
import io

from wirestruct.tools.progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_bar_on_a_terminal():
    out = Terminal()
    position = iter(range(0, 10_000_000, 1000))
    progress = Progress(1000 * 1024, lambda: next(position), stream=out, every=0)
    items = list(progress.wrap(range(1024)))
    assert items == list(range(1024))
    text = out.getvalue()
    assert text.startswith("\r[") and "%" in text and "records" in text
    assert text.endswith("\n")  # the bar's line is closed at the end


def test_plain_lines_when_not_a_terminal():
    out = io.StringIO()
    progress = Progress(None, lambda: 0, stream=out, every=0)
    assert list(progress.wrap(range(600))) == list(range(600))
    lines = out.getvalue().splitlines()
    assert lines == ["256 records, 0s", "512 records, 0s"]
