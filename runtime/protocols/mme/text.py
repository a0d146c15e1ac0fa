"""Color escapes in chat and menu text: ESC (27) followed by a color number.

The document: "Colors are set using the escape character (27) followed by one of the
color numbers". :func:`color_segments` splits a text into runs of one color, with the
colors named as in the document's color table (``mme_types::color``).
"""
from __future__ import annotations

from typing import TypedDict

ESC = "\x1b"

#: The document's color table.
COLORS: dict[int, str] = {
    1: "brown", 2: "red", 3: "orange", 4: "yellow", 5: "green", 6: "blue", 7: "purple",
    8: "gray", 9: "white", 10: "black", 11: "rainbow", 12: "pink", 13: "silver",
    14: "gold", 15: "ruby", 16: "emerald",
}


def color_name(number: int) -> str | int:
    """The color's name, or the number itself when the table has no such color."""
    return COLORS.get(number, number)


class ColorSegment(TypedDict):
    """A run of text in one color (None: the default color)."""

    color: str | int | None
    text: str


def color_segments(text: str) -> list[ColorSegment]:
    """Split ``text`` at its color escapes: ``[{"color": name-or-None, "text": ...}]``.

    Text before the first escape has color None (the default). An ESC at the very end
    has no color number and is dropped. Empty runs are left out.
    """
    segments: list[ColorSegment] = []
    if ESC not in text:
        return [{"color": None, "text": text}] if text else []
    color: str | int | None = None
    pieces = text.split(ESC)
    if pieces[0]:
        segments.append({"color": None, "text": pieces[0]})
    for piece in pieces[1:]:
        if not piece:
            continue
        color = color_name(ord(piece[0]))
        if len(piece) > 1:
            segments.append({"color": color, "text": piece[1:]})
    return segments


def plain_text(text: str) -> str:
    """The text with its color escapes removed."""
    return "".join(segment["text"] for segment in color_segments(text))
