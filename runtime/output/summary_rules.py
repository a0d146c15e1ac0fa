"""Summary rules: the info column of ``decode --format summary`` and of the Wireshark
dissector's Info column, from one declarative description per protocol.

A protocol's description (``Presentation.summaries``) maps a packet name to a *template*;
this module renders templates over an event as the serializer shows it (readable or
raw), and the dissector's ``summary.lua`` renders the same templates over the parsed Lua
objects. The description is plain data (lists, dicts, strings, integers), handed to the
Lua as it is.

A template is a list of parts whose texts are joined; a part is one of

* ``"text"``: the text itself;
* ``{"get": PATH, "as": FORMAT, "width": N, "else": TEMPLATE}``: the value at PATH shown
  as FORMAT says (default ``str``). Without ``else`` a value that is not there makes the
  whole template fail: the packet gets the generic summary (its first scalar fields);
* ``{"if": COND, "then": TEMPLATE, "else": TEMPLATE}``: an optional part;
* ``{"require": COND}``: nothing, when COND holds; else the template fails;
* ``{"switch": PATH, "cases": {VALUE: TEMPLATE}, "else": TEMPLATE}``: a part chosen by the
  text of a value;
* ``{"each": PATH, "first": N, "sep": ", ", "item": TEMPLATE, "more": TEMPLATE}``: the
  first N items of a list, each rendered with the item as its scope, joined by ``sep``;
  ``more`` is added when the list is longer (``@more`` counts the items left out). Items
  that are not objects are skipped, unless the item template reads ``@`` (the item);
  with ``"bits": true`` the items are the numbers of the bits set in a byte string
  (bit 0 the lowest of its first byte);
* ``{"fields": PATH, "suffix": [...], "except": [...], "objects": BOOL, "item": TEMPLATE,
  "sep": " "}``: the fields of an object in order, those whose name ends with one of the
  suffixes (default: all) and is not excepted; with ``objects`` only those holding an
  object (the item's scope), else only scalars (``@key``, ``@head`` - the name before its
  first ``_`` - and ``@`` the value);
* ``{"flags": PATH, "names": [...], "sep": "+", "none": "none"}``: the names of the
  object's fields that are true, in the order given;
* ``{"words": [TEMPLATE, ...]}``: the parts' texts joined by single spaces, empty ones
  left out.

A PATH is dotted names from the scope: at the top the event's ``expansions``, then its
``fields``; inside ``each``/``fields`` the item (``@`` is the item itself, ``@key``,
``@head`` its field name, ``@more`` and ``@count`` the list's counts).

FORMATs: ``str`` (as Python's ``str``: numbers as they are, floats as ``repr``),
``num`` (floats as ``%g``), ``text`` (JSON-quoted, cut to ``width`` characters, default 40,
with ``...``), ``plain`` (a text with its color escapes - ESC and the character after it -
removed, then as ``text``), ``name`` (a value; ``?`` for an object), ``uuid``, ``xyz``
(``(x, y, z)`` of a vector object), ``signed`` (an integer with its sign), ``len`` (the
items of a list, the characters of a text or the bytes of a byte string), ``hex`` (a
byte string in hex, cut to ``width`` characters with ``...``).

COND: ``{"has": PATH}`` (there and not null), ``{"some": PATH}`` (a list with items),
``{"empty": PATH}`` (an object without
fields), ``{"true": PATH}``, ``{"not": COND}``.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

Template = list[Any]
Description = Mapping[str, Template]

#: The template of a packet without a rule of its own (the generic summary).
GENERIC = "generic"


class _Missing(Exception):
    """A value the template needs is not there: the generic summary is used."""


_ABSENT: Any = object()


class _Scope:
    __slots__ = ("data", "item", "key", "counts")

    def __init__(self, data: dict[str, Any] | None, item: Any = _ABSENT, key: str | None = None,
                 counts: tuple[int, int] | None = None) -> None:
        self.data = data
        self.item = item
        self.key = key
        self.counts = counts

    def lookup(self, path: str) -> Any:
        if path == "@":
            return self.item
        if path == "@key" and self.key is not None:
            return self.key
        if path == "@head" and self.key is not None:
            return self.key.split("_")[0]
        if path in ("@more", "@count") and self.counts is not None:
            return self.counts[0] if path == "@count" else self.counts[1]
        names = path.split(".")
        if self.data is not None:
            value = _ABSENT
            for root in ((self.data.get("expansions") or {}), (self.data.get("fields") or {})):
                if isinstance(root, dict) and names[0] in root:
                    value = root[names[0]]
                    break
        else:
            value = self.item
            names = ["@", *names]
        for name in names[1:]:
            if not isinstance(value, dict) or name not in value:
                return _ABSENT
            value = value[name]
        return value


def render(template: Template, data: dict[str, Any]) -> str | None:
    """The summary ``template`` gives for the event ``data`` (the serializer's form), or
    None when a value it needs is not there."""
    try:
        return _template(template, _Scope(data))
    except _Missing:
        return None


def summary(description: Description, name: str, data: dict[str, Any]) -> str | None:
    """The protocol's summary of packet ``name``, or None for the generic one."""
    template = description.get(name)
    if template is None or template == GENERIC:
        return None
    return render(template, data)


def _template(template: Any, scope: _Scope) -> str:
    if isinstance(template, str):
        return template
    return "".join(_part(part, scope) for part in template)


def _get(scope: _Scope, path: str) -> Any:
    value = scope.lookup(path)
    if value is _ABSENT or value is None:
        raise _Missing(path)
    return value


def _part(part: Any, scope: _Scope) -> str:
    if isinstance(part, str):
        return part
    if "get" in part:
        value = scope.lookup(part["get"])
        if value is _ABSENT or value is None:
            if "else" in part:
                return _template(part["else"], scope)
            raise _Missing(part["get"])
        return _format(value, part.get("as", "str"), part.get("width", 40))
    if "require" in part:
        if not _cond(part["require"], scope):
            raise _Missing("require")
        return ""
    if "if" in part:
        chosen = part.get("then", []) if _cond(part["if"], scope) else part.get("else", [])
        return _template(chosen, scope)
    if "switch" in part:
        value = scope.lookup(part["switch"])
        key = None if value is _ABSENT or value is None else _format(value, "name", 0)
        cases = part.get("cases", {})
        return _template(cases[key] if key in cases else part.get("else", []), scope)
    if "each" in part:
        return _each(part, scope)
    if "fields" in part:
        return _fields(part, scope)
    if "flags" in part:
        value = _get(scope, part["flags"])
        if not isinstance(value, dict):
            raise _Missing(part["flags"])
        names = [n for n in part["names"] if value.get(n) is True]
        return part.get("sep", "+").join(names) or part.get("none", "")
    if "words" in part:
        texts = [_template(t, scope) for t in part["words"]]
        return " ".join(t for t in texts if t)
    raise ValueError(f"unknown summary rule part {part!r}")


def _each(part: dict[str, Any], scope: _Scope) -> str:
    items = _get(scope, part["each"])
    if part.get("bits"):
        if not (isinstance(items, dict) and set(items) == {"hex"}):
            raise _Missing(part["each"])
        bitmap = bytes.fromhex(items["hex"])
        items = [8 * i + bit for i, byte in enumerate(bitmap) for bit in range(8)
                 if byte >> bit & 1]
    if not isinstance(items, list):
        raise _Missing(part["each"])
    first = part.get("first", len(items))
    scalars = _reads_item(part["item"])
    texts = [_template(part["item"], _Scope(None, item)) for item in items[:first]
             if scalars or isinstance(item, dict)]
    text = part.get("sep", ", ").join(texts)
    if len(items) > first and "more" in part:
        text += _template(part["more"], _Scope(None, counts=(len(items), len(items) - first)))
    return text


def _reads_item(template: Any) -> bool:
    return isinstance(template, list) and any(
        isinstance(p, dict) and p.get("get") == "@" for p in template)


def _fields(part: dict[str, Any], scope: _Scope) -> str:
    value = _get(scope, part["fields"])
    if not isinstance(value, dict):
        return ""
    suffixes = tuple(part.get("suffix", ()))
    excepted = set(part.get("except", ()))
    objects = part.get("objects", False)
    texts = []
    for key, item in value.items():
        if key in excepted or (suffixes and not key.endswith(suffixes)):
            continue
        if item is None:
            continue
        if objects and not (isinstance(item, dict) and set(item) != {"hex"}):
            continue
        if not objects and isinstance(item, (dict, list)):
            continue
        texts.append(_template(part["item"], _Scope(None, item, key)))
    return part.get("sep", " ").join(texts)


def _cond(cond: dict[str, Any], scope: _Scope) -> bool:
    if "not" in cond:
        return not _cond(cond["not"], scope)
    if "some" in cond:
        value = scope.lookup(cond["some"])
        return isinstance(value, list) and len(value) > 0
    if "has" in cond:
        value = scope.lookup(cond["has"])
        return value is not _ABSENT and value is not None
    if "empty" in cond:
        return scope.lookup(cond["empty"]) == {}
    if "true" in cond:
        return scope.lookup(cond["true"]) is True
    raise ValueError(f"unknown summary rule condition {cond!r}")


def _format(value: Any, fmt: str, width: int) -> str:
    if fmt == "str":
        return str(value) if not isinstance(value, dict) else _format(value, "name", width)
    if fmt == "name":
        return str(value) if not isinstance(value, (dict, list)) else "?"
    if fmt == "num":
        if isinstance(value, float):
            return f"{value:g}"
        return _format(value, "name", width)
    if fmt in ("text", "plain"):
        if isinstance(value, dict) and "text" in value:          # a string in raw output
            value = value["text"]
        if not isinstance(value, str):
            return json.dumps(value) if isinstance(value, (int, float)) else "?"
        if fmt == "plain":
            value = _plain(value)
        cut = value if len(value) <= width else value[:width - 3] + "..."
        return json.dumps(cut, ensure_ascii=False)
    if fmt == "uuid":
        if isinstance(value, dict) and "octets" in value:      # raw output: the wire bytes
            return str(value["octets"])
        return str(value)
    if fmt == "xyz":
        if isinstance(value, dict):
            return f"({value.get('x')}, {value.get('y')}, {value.get('z')})"
        return "?"
    if fmt == "signed":
        return f"{value:+d}" if isinstance(value, int) else str(value)
    if fmt == "hex":
        if not (isinstance(value, dict) and set(value) == {"hex"}):
            return "?"
        text = value["hex"]
        return text if len(text) <= width else text[:width - 3] + "..."
    if fmt == "len":
        if isinstance(value, dict) and set(value) == {"hex"}:
            return str(len(value["hex"]) // 2)
        if isinstance(value, dict) and "text" in value:
            value = value["text"]
        return str(len(value)) if isinstance(value, (list, str)) else "?"
    raise ValueError(f"unknown summary value format {fmt!r}")


def _plain(text: str) -> str:
    """A text without its color escapes (ESC and the character after it)."""
    out, skip = [], False
    for c in text:
        if skip:
            skip = False
        elif c == "\x1b":
            skip = True
        else:
            out.append(c)
    return "".join(out)


# -- building descriptions --------------------------------------------------------------
def get(path: str, fmt: str = "str", width: int | None = None,
        default: Any = None) -> dict[str, Any]:
    """A value part; ``default`` is the template shown when the value is not there
    (without one the packet gets the generic summary)."""
    part: dict[str, Any] = {"get": path, "as": fmt}
    if width is not None:
        part["width"] = width
    if default is not None:
        part["else"] = default
    return part


def flag(path: str, text: str | None = None) -> dict[str, Any]:
    """`` text`` (default: the field's name) when the field at ``path`` is true."""
    return {"if": {"true": path}, "then": [" " + (text or path.rsplit(".", 1)[-1])]}


def each(path: str, item: Template, first: int | None = None, sep: str = ", ",
         more: Template | None = None) -> dict[str, Any]:
    """The first ``first`` items of a list (``more`` after them when there are more;
    default ``, +N``)."""
    part: dict[str, Any] = {"each": path, "item": item, "sep": sep}
    if first is not None:
        part["first"] = first
        part["more"] = more if more is not None else [", +", get("@more")]
    return part


def check(description: Description) -> list[str]:
    """The problems of a description (parts and formats this module does not know)."""
    problems: list[str] = []

    def walk(template: Any, where: str) -> None:
        if isinstance(template, str):
            return
        if not isinstance(template, list):
            problems.append(f"{where}: a template is a list of parts")
            return
        for part in template:
            if isinstance(part, str):
                continue
            if not isinstance(part, dict):
                problems.append(f"{where}: part {part!r}")
                continue
            keys = {"get", "if", "require", "switch", "each", "fields", "flags",
                    "words"} & set(part)
            if len(keys) != 1:
                problems.append(f"{where}: part {part!r}")
            if part.get("as", "str") not in FORMATS:
                problems.append(f"{where}: format {part['as']!r}")
            for key in ("then", "else", "item", "more"):
                if key in part:
                    walk(part[key], where)
            for sub in part.get("words", []):
                walk(sub, where)
            for sub in part.get("cases", {}).values():
                walk(sub, where)

    for name, template in description.items():
        if template != GENERIC:
            walk(template, name)
    return problems


FORMATS = ("str", "name", "num", "text", "plain", "uuid", "xyz", "signed", "len", "hex")
