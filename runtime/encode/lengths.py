"""Lengths and counts the specs determine, solved from their expressions.

A field with ``size: E`` or ``repeat-expr: E`` ties ``E`` to the value it frames: the
bytes of a string, a byte array or a written structure, the items of a list. When an
edited value no longer matches, the writer sets the field ``E`` names instead of refusing
the packet. ``E`` is read as the compiler translated it (the function ``wirestruct regen``
wrote to ``generated_rw/<folder>/_expressions.py``, parsed with :mod:`ast`) and solved for
the one field it names when it is built of:

* a field (``len_name``), also of a child or parent object (``header.len_payload``,
  ``_parent.len_body``);
* a constant added, subtracted or multiplied (``len_x - 4``, ``len_options * 4``, and
  those nested).

Anything else (two fields, ``_io``, a condition, a value instance) cannot be solved: a
value that does not match such an expression is an :class:`EncodeError` naming the field,
what its expression gives and what its value needs.

Every field set is reported as a :class:`LengthSet` to the sink :func:`reporting`
installs (``wirestruct encode`` prints them on stderr); a length that was already right is
left as given and not reported.
"""
from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any


@dataclass(frozen=True, slots=True)
class LengthSet:
    """A length or count the writer set from the value it frames."""

    spec: str          #: the type written (``mme_packet``)
    field: str         #: the field set, dotted from that type (``payload.len_name``)
    value: int         #: what it was set to
    was: Any           #: what it was given as
    source: str        #: the field whose value it frames (``payload.name``)

    def __str__(self) -> str:
        return (f"set {self.field} = {self.value} (from {self.source}; was {self.was}) "
                f"in {self.spec}")


_SINK: ContextVar[Callable[[LengthSet], None] | None] = ContextVar("wirestruct_lengths",
                                                                  default=None)


@contextmanager
def reporting(sink: Callable[[LengthSet], None]) -> Iterator[None]:
    """Within the block, every length the writer sets is passed to ``sink``."""
    token = _SINK.set(sink)
    try:
        yield
    finally:
        _SINK.reset(token)


def report(note: LengthSet) -> None:
    sink = _SINK.get()
    if sink is not None:
        sink(note)


# -- solving ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Solution:
    """The field an expression names and the value it must hold for the expression to
    give a wanted number."""

    steps: tuple[str, ...]    #: attributes from the object to the one holding the field
    name: str                 #: the field
    value: int


class Unsolvable(Exception):
    """The expression does not name one field it can be solved for, or no integer value
    of it gives the wanted number."""


#: Solves an expression for ``want``: the field and its value.
Solver = Callable[[int], Solution]


@cache
def solver(function: Callable[..., Any]) -> Solver | None:
    """How to solve the expression ``function`` returns (a function of
    ``_expressions.py``) for a wanted value; None when it cannot be solved."""
    try:
        tree = ast.parse(inspect.getsource(function))
    except (OSError, TypeError, SyntaxError):
        return None
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.FunctionDef) else []
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    return expression_solver(body[0].value)


def expression_solver(expr: ast.expr | str) -> Solver | None:
    """How to solve a translated expression (Python, of ``self``) for a wanted value;
    None when it names no one field it can be solved for."""
    if isinstance(expr, str):
        expr = ast.parse(expr, mode="eval").body
    try:
        _target(expr)                        # refused up front when it names no one field
    except Unsolvable:
        return None
    node = expr
    return lambda want: _solve(node, want)


def _target(node: ast.expr) -> tuple[tuple[str, ...], str]:
    """The field an expression names: the attributes from ``self`` to it."""
    if isinstance(node, ast.Attribute):
        chain: list[str] = []
        inner: ast.expr = node
        while isinstance(inner, ast.Attribute):
            chain.append(inner.attr)
            inner = inner.value
        if isinstance(inner, ast.Name) and inner.id == "self":
            chain.reverse()
            if any(step.startswith("_") and step not in ("_parent", "_root")
                   for step in chain):
                raise Unsolvable("_io")
            return tuple(chain[:-1]), chain[-1]
        raise Unsolvable("not a field of the object")
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
        left, right = _constant(node.left), _constant(node.right)
        if (left is None) == (right is None):
            raise Unsolvable("two fields or two constants")
        return _target(node.right if left is not None else node.left)
    raise Unsolvable(type(node).__name__)


def _constant(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _constant(node.operand)
        return None if inner is None else -inner
    return None


def _solve(node: ast.expr, want: int) -> Solution:
    if isinstance(node, ast.BinOp):
        left, right = _constant(node.left), _constant(node.right)
        if left is None:
            assert right is not None
            inner, c = node.left, right
            if isinstance(node.op, ast.Add):
                return _solve(inner, want - c)
            if isinstance(node.op, ast.Sub):
                return _solve(inner, want + c)
        else:
            inner, c = node.right, left
            if isinstance(node.op, ast.Add):
                return _solve(inner, want - c)
            if isinstance(node.op, ast.Sub):
                return _solve(inner, c - want)
        if c == 0 or want % c:
            raise Unsolvable(f"{want} is not a multiple of {c}")
        return _solve(inner, want // c)
    steps, name = _target(node)
    return Solution(steps, name, want)


def expression_text(function: Callable[..., Any]) -> str:
    """The spec's expression of a function of ``_expressions.py`` (its comment line)."""
    doc = _comment(function)
    return doc.split(": ", 1)[1] if ": " in doc else doc


@cache
def _comment(function: Callable[..., Any]) -> str:
    try:
        lines = inspect.getsource(function).splitlines()
    except (OSError, TypeError):
        return getattr(function, "__name__", "?")
    for line in lines[1:]:
        text = line.strip()
        if text.startswith("#"):
            return text.lstrip("# ").strip()
    return getattr(function, "__name__", "?")


__all__ = ["LengthSet", "Solution", "Solver", "Unsolvable", "expression_solver",
           "expression_text", "report",
           "reporting", "solver"]
