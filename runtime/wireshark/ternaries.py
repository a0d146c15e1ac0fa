"""The generated Lua's ternaries without the boxes they do not need (the plugin's copy of
the generated parsers).

kaitai-struct-compiler writes ``cond ? a : b`` as
``utils.box_unwrap((cond) and utils.box_wrap(a) or (b))``, so that a false or nil ``a``
is kept: two calls a ternary, on the hottest paths of the parsers (varints, field
tables). Where ``a`` is an arithmetic or concatenation result or a literal number (never
false or nil: such an expression gives a number, a string, a Wireshark Int64/UInt64, or
raises before the ternary picks it), ``((cond) and (a) or (b))`` gives exactly the same
value, evaluates the same operands in the same order and raises the same errors. Every
other ternary is left as it is. The text keeps its lines (error paths read them by line
number).
"""
from __future__ import annotations

import re

UNWRAP = "utils.box_unwrap("
_AND_WRAP = " and utils.box_wrap("
_OR = " or ("
_NUMBER = re.compile(r"-?(0[xX][0-9a-fA-F]+|\d+(\.\d*)?([eE][-+]?\d+)?)")
#: top-level operators whose result is never false or nil (arithmetic, concatenation, length)
_ARITHMETIC = re.compile(r"\.\.|[-+*/%^#]")
#: a call of a math function that gives a number (its arguments blanked out)
_ROUNDING = re.compile(r"math\.(floor|ceil|abs)\s*")
#: top-level operators whose result may be false or nil
_LOGIC = re.compile(r"==|~=|<=|>=|<|>|\b(and|or|not)\b")


def _close(text: str, start: int) -> int:
    """The index of the bracket closing the one at ``start`` (strings skipped), or -1."""
    depth = 0
    k = start
    while k < len(text):
        c = text[k]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return k
        elif c in "\"'":
            k += 1
            while k < len(text) and text[k] != c:
                k += 2 if text[k] == "\\" else 1
        k += 1
    return -1


def _top_level(expr: str) -> str:
    """``expr`` with every bracketed part and string blanked out (what lies at its top)."""
    out = []
    k = 0
    while k < len(expr):
        c = expr[k]
        if c in "([{\"'":
            end = _close(expr, k) if c in "([{" else _string_end(expr, k)
            if end < 0:
                return expr
            out.append(" ")
            k = end + 1
            continue
        out.append(c)
        k += 1
    return "".join(out)


def _string_end(text: str, start: int) -> int:
    quote, k = text[start], start + 1
    while k < len(text) and text[k] != quote:
        k += 2 if text[k] == "\\" else 1
    return k if k < len(text) else -1


def never_false(expr: str) -> bool:
    """Whether Lua expression ``expr`` can only give a value other than false and nil (or
    raise): a number literal, or an arithmetic or concatenation result at its top."""
    expr = expr.strip()
    if _NUMBER.fullmatch(expr):
        return True
    top = _top_level(expr)
    if _ROUNDING.fullmatch(top):
        return True
    return not _LOGIC.search(top) and bool(_ARITHMETIC.search(top))


def _rewrite(text: str) -> str:
    out = []
    pos = 0
    while True:
        at = text.find(UNWRAP, pos)
        if at < 0:
            out.append(text[pos:])
            return "".join(out)
        open_at = at + len(UNWRAP) - 1
        end = _close(text, open_at)
        if end < 0:
            out.append(text[pos:])
            return "".join(out)
        inner = _rewrite(text[open_at + 1:end])
        out.append(text[pos:at])
        out.append(_plain(inner) or UNWRAP + inner + ")")
        pos = end + 1


def _plain(inner: str) -> str | None:
    """``((cond) and (a) or (b))`` for the argument of a box_unwrap whose ``a`` is never
    false, else None."""
    if not inner.startswith("("):
        return None
    cond_end = _close(inner, 0)
    if cond_end < 0 or not inner.startswith(_AND_WRAP, cond_end + 1):
        return None
    a_open = cond_end + len(_AND_WRAP)
    a_end = _close(inner, a_open)
    if a_end < 0 or not inner.startswith(_OR, a_end + 1):
        return None
    b_open = a_end + len(_OR)
    b_end = _close(inner, b_open)
    if b_end != len(inner) - 1:
        return None
    a = inner[a_open + 1:a_end]
    if not never_false(a):
        return None
    return f"({inner[:cond_end + 1]} and ({a}) or {inner[b_open:b_end + 1]})"


def plain_ternaries(source: str) -> str:
    """``source`` (generated Lua) with the boxes of its never-false ternaries taken out,
    line by line."""
    return "\n".join(_rewrite(line) if UNWRAP in line else line
                     for line in source.split("\n"))
