"""The values of varints and fixed-point numbers, read from the generated objects.

Readable output shows varints by their value: :func:`vu_value`, :func:`vi_value` and
:func:`fixed_point_value` compute it from the bytes the generated ``vu``/``vi`` objects
read (``b0`` .. ``b4``), as their ``value`` instances do, without the instances'
per-object caching (three times the cost);
``tests/diep/test_diep_varint_values.py`` checks them against the instances on every
length and edge of the encoding.
"""
from __future__ import annotations

from typing import Any


def vu_value(obj: Any) -> int:
    """The ``value`` of a ``diep_types::vu``: unsigned LEB128 over ``b0`` .. ``b4``, the
    fifth byte's low four bits only."""
    d = obj.__dict__
    b = d["b0"]
    if b < 128:
        return b
    v = b - 128
    b = d["b1"]
    if b < 128:
        return v + (b << 7)
    v += (b - 128) << 7
    b = d["b2"]
    if b < 128:
        return v + (b << 14)
    v += (b - 128) << 14
    b = d["b3"]
    if b < 128:
        return v + (b << 21)
    return v + ((b - 128) << 21) + ((d["b4"] & 15) << 28)


def vi_value(obj: Any) -> int:
    """The ``value`` of a ``diep_types::vi``: the zigzag-decoded :func:`vu_value`."""
    z = vu_value(obj)
    return (z >> 1) ^ -(z & 1)


def fixed_point_value(obj: Any) -> float:
    """The ``value`` of a ``diep_types::fixed_point`` (``float64Precision``): its ``vi``
    over the scale."""
    return vi_value(obj.scaled) * 1.0 / obj.scale
