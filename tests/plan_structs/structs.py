"""Structures whose fields hold values of any type, as generated classes hold them."""
import enum

from kaitaistruct import KaitaiStruct


class Color(enum.IntEnum):
    RED = 1
    GREEN = 2


class Vector(KaitaiStruct):
    def __init__(self, parts, _io=None, _parent=None, _root=None):
        self._io, self._parent, self._root = _io, _parent, _root or self
        self._parts = parts
        self._read()

    def _read(self):
        self.z = self._parts[2]
        self.x = self._parts[0]
        self.y = self._parts[1]


class Leaf(KaitaiStruct):
    def __init__(self, values, _io=None, _parent=None, _root=None):
        self._io, self._parent, self._root = _io, _parent, _root or self
        self._values = values
        self._read()

    def _read(self):
        self.first = self._values[0]
        if self._values[1] is not None:
            self.second = self._values[1]

    @property
    def twice(self):
        """An instance computed from a field; cannot be computed for some values."""
        if hasattr(self, "_m_twice"):
            return self._m_twice
        self._m_twice = self.first * 2
        return getattr(self, "_m_twice", None)

    @property
    def color(self):
        if hasattr(self, "_m_color"):
            return self._m_color
        self._m_color = Color(self.first) if self.first in (1, 2) else self.first
        return getattr(self, "_m_color", None)


class Node(KaitaiStruct):
    def __init__(self, values, _io=None, _parent=None, _root=None):
        self._io, self._parent, self._root = _io, _parent, _root or self
        self._values = values
        self._read()

    def _read(self):
        self.value = self._values[0]
        self.items = self._values[1]
        self.child = self._values[2]
