"""Fields to bytes in one step: written straight from the fields
(:mod:`wirestruct.encode.direct`) where the writer takes them, else built into read-write
objects and written by them (:mod:`wirestruct.encode.building`): the same bytes either way,
and the builder's checks and messages for whatever the direct writer gives up on.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirestruct.encode import direct
from wirestruct.encode.building import Hooks, TypeInfo, build, to_bytes
from wirestruct.encode.unpresent import raw_fields


def encode_fields(info: TypeInfo, fields: Mapping[str, Any], params: tuple[Any, ...] = (),
                  size: int | None = None, hooks: Hooks | None = None, *,
                  readable: bool = False) -> bytes:
    """The bytes of ``info``'s type holding ``fields`` (in ``size`` bytes when given).

    ``readable``: the fields may be as ``wirestruct decode`` prints them (readable, raw or
    a mix); they are converted (:func:`~wirestruct.encode.unpresent.raw_fields`) only when
    the direct writer gives up."""
    written = direct.write(info, fields, params, size, hooks, readable=readable)
    if written is not None:
        return written
    if readable:
        fields = raw_fields(info, fields, params)
    return to_bytes(build(info, fields, params, hooks=hooks), size)


__all__ = ["encode_fields"]
