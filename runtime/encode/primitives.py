"""The values of primitive fields: from the JSON-able form a decoder prints to what the
read-write classes hold, checked against the field's type.

:func:`converter` works out once per field of a spec how its values are checked and
converted (an enum's class, an integer's range); the encoder calls the function it gives
for every value of that field.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from kaitaistruct import KaitaiStream
from wirestruct.core.errors import EncodeError
from wirestruct.core.lossy import lossy_from_json

INT_TYPE = re.compile(r"^(?:[us][1248](?:le|be)?|b\d+(?:le|be)?)$")
FLOAT_TYPE = re.compile(r"^f[48](?:le|be)?$")
_NON_FINITE = {"Infinity": "inf", "-Infinity": "-inf"}

#: ``(value, path) -> the field's value``; raises :class:`EncodeError` naming ``path``.
Convert = Callable[[Any, str], Any]


def is_primitive(kind: str) -> bool:
    return bool(INT_TYPE.match(kind) or FLOAT_TYPE.match(kind)) or kind in ("str", "strz")


@cache
def int_range(kind: str) -> tuple[int, int]:
    """The values an integer type holds: ``u2`` 0 .. 65535, ``s1`` -128 .. 127, ``b3`` 0 .. 7."""
    if kind[0] == "b":
        digits = re.match(r"b(\d+)", kind)
        if digits is None:
            raise ValueError(f"{kind} is not an integer type")
        return 0, (1 << int(digits.group(1))) - 1
    bits = 8 * int(kind[1])
    if kind[0] == "u":
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def _bad(value: Any, path: str, exc: Exception, wanted: str) -> EncodeError:
    error = EncodeError(f"bad value {value!r} for field {path}: {exc}",
                        field_path=path, expected=f"a {wanted} value")
    error.__cause__ = exc
    return error


def _enum_converter(name: str, resolve_enum: Callable[[str], Any]) -> Convert:
    try:
        enum_cls = resolve_enum(name)
    except EncodeError as exc:
        failure = exc

        def unknown_enum(value: Any, path: str) -> Any:
            raise EncodeError(failure.message, expected=failure.expected,
                              where=failure.where)          # a new one: each gets its context
        return unknown_enum
    members = enum_cls.__members__
    resolve = KaitaiStream.resolve_enum

    def enum_value(value: Any, path: str) -> Any:
        if value.__class__ is str:
            found = members.get(value)
            if found is None:
                raise _bad(value, path, KeyError(value), name)
            return found
        try:
            return resolve(enum_cls, int(value))
        except (ValueError, TypeError) as exc:
            raise _bad(value, path, exc, name) from exc
    return enum_value


def converter(attr: dict[str, Any], resolve_enum: Callable[[str], Any]) -> Convert:
    """How values of the primitive field ``attr`` are converted (``resolve_enum``: an enum
    of the field's scope by its name). A field of no primitive type gets a function that
    says so; an unknown enum, one that raises the resolver's error."""
    kind = attr.get("type")
    if "enum" in attr:
        enum_value = _enum_converter(attr["enum"], resolve_enum)
        if not (isinstance(kind, str) and INT_TYPE.match(kind)):
            return enum_value
        low, high = int_range(kind)

        def enum_in_range(value: Any, path: str) -> Any:
            found = enum_value(value, path)
            if not low <= found <= high:          # a member or number the field cannot hold
                raise _bad(value, path, ValueError(f"out of range {low} .. {high} of {kind}"),
                           attr["enum"])
            return found
        return enum_in_range
    wanted = kind or "hex bytes"

    def bad(value: Any, path: str, exc: Exception) -> EncodeError:
        return _bad(value, path, exc, wanted)

    if kind in ("str", "strz"):
        encoding = attr.get("encoding") or "utf-8"

        def text(value: Any, path: str) -> Any:
            if not isinstance(value, str):
                # a string not valid in its encoding, as the serializer shows it
                value = lossy_from_json(value, encoding)
                if not isinstance(value, str):
                    raise bad(value, path, TypeError("a string is expected"))
            return value
        return text
    if kind is None:                                      # bytes (size, size-eos, contents)
        def raw_bytes(value: Any, path: str) -> Any:
            if isinstance(value, (bytes, bytearray)):
                return bytes(value)
            try:
                return bytes.fromhex(value)
            except (ValueError, TypeError) as exc:
                raise bad(value, path, exc) from exc
        return raw_bytes
    if kind == "b1":
        def flag(value: Any, path: str) -> Any:
            if value is True or value is False:
                return value
            raise bad(value, path, TypeError("true or false is expected"))
        return flag
    if isinstance(kind, str) and FLOAT_TYPE.match(kind):
        def number(value: Any, path: str) -> Any:
            if isinstance(value, str):
                try:
                    return float(_NON_FINITE.get(value, value))
                except ValueError as exc:
                    raise bad(value, path, exc) from exc
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise bad(value, path, TypeError("a number is expected"))
            return float(value)
        return number
    if isinstance(kind, str) and INT_TYPE.match(kind):
        low, high = int_range(kind)

        def integer(value: Any, path: str) -> Any:
            if value.__class__ is not int:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise bad(value, path, TypeError("an integer is expected"))
            if not low <= value <= high:
                raise bad(value, path, ValueError(f"out of range {low} .. {high}"))
            return value
        return integer

    def unbuildable(value: Any, path: str) -> Any:
        raise EncodeError(f"field {path} has type {kind!r}, which cannot be built",
                          field_path=path, expected="a primitive or user type")
    return unbuildable

