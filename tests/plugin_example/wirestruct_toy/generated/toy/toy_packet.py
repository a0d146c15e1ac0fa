# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class ToyPacket(KaitaiStruct):
    """A made-up two-player game, sent one packet a message: a packet id byte, then the body
    of its packet. It shows how a protocol plugs into wirestruct from a package of its own.
    """

    class PacketId(IntEnum):
        hello = 1
        move = 2
        score = 3
    def __init__(self, _io, _parent=None, _root=None):
        super(ToyPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.packet_id = KaitaiStream.resolve_enum(ToyPacket.PacketId, self._io.read_u1())
        _on = self.packet_id
        if _on == ToyPacket.PacketId.hello:
            pass
            self.body = ToyPacket.Hello(self._io, self, self._root)
        elif _on == ToyPacket.PacketId.move:
            pass
            self.body = ToyPacket.Move(self._io, self, self._root)
        elif _on == ToyPacket.PacketId.score:
            pass
            self.body = ToyPacket.Score(self._io, self, self._root)


    def _fetch_instances(self):
        pass
        _on = self.packet_id
        if _on == ToyPacket.PacketId.hello:
            pass
            self.body._fetch_instances()
        elif _on == ToyPacket.PacketId.move:
            pass
            self.body._fetch_instances()
        elif _on == ToyPacket.PacketId.score:
            pass
            self.body._fetch_instances()

    class Hello(KaitaiStruct):
        """A player joins, with a name."""
        def __init__(self, _io, _parent=None, _root=None):
            super(ToyPacket.Hello, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.player = self._io.read_u1()
            self.len_name = self._io.read_u1()
            self.name = (self._io.read_bytes(self.len_name)).decode(u"UTF-8")


        def _fetch_instances(self):
            pass


    class Move(KaitaiStruct):
        """A player's paddle moves."""
        def __init__(self, _io, _parent=None, _root=None):
            super(ToyPacket.Move, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.player = self._io.read_u1()
            self.x = self._io.read_s2be()
            self.y = self._io.read_s2be()


        def _fetch_instances(self):
            pass


    class Score(KaitaiStruct):
        """The score after a point."""
        def __init__(self, _io, _parent=None, _root=None):
            super(ToyPacket.Score, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.left = self._io.read_u1()
            self.right = self._io.read_u1()


        def _fetch_instances(self):
            pass



