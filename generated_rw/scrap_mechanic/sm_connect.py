# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmConnect(ReadWriteKaitaiStruct):
    """The body of a 44 Connect packet after LZ4 decompression (Client -> Server, 9 bytes):
    sent when the player changes a connection between two connection points with the
    connect tool.
    
    Validation, as the page describes it: if either the parent or child does not exist,
    nothing happens. A scripted part may be connected to a bearing regardless of its
    `connectionOutput`, and a bearing may get several parents (also through blueprint
    editing; persistent through reloads).
    
    .. seealso::
       44 - Connect, section Structure
    """

    class ConnectionFlag(IntEnum):
        standard = 1
        bearing = 2

    class InteractionFlag(IntEnum):
        connect = 16
        disconnect = 32
        reverse_direction = 64
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmConnect, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.child_id = self._io.read_u4be()
        self.parent_id = self._io.read_u4be()
        self.flags = SmConnect.Flags(self._io, self, self._root)
        self.flags._read()
        self._dirty = False


    def _fetch_instances(self):
        pass
        self.flags._fetch_instances()


    def _write__seq(self, io=None):
        super(SmConnect, self)._write__seq(io)
        self._io.write_u4be(self.child_id)
        self._io.write_u4be(self.parent_id)
        self.flags._write__seq(self._io)


    def _check(self):
        if self.flags._root != self._root:
            raise kaitaistruct.ConsistencyError(u"flags", self._root, self.flags._root)
        if self.flags._parent != self:
            raise kaitaistruct.ConsistencyError(u"flags", self, self.flags._parent)
        self._dirty = False

    class Flags(ReadWriteKaitaiStruct):
        """One byte, bit 7 first, documented as two tables: the interaction type (bits 7..4)
        and the child connection type (bits 3..0); `interaction_flag` and `connection_flag`
        list their bit values.
        
        Interaction: setting both Connect and Disconnect toggles the connection. If Reverse
        Direction is set, Connect and Disconnect are ignored: a part's connection cannot be
        modified then, while a bearing's direction is always reversed. No bit set: nothing
        happens.
        
        Child connection: no bit set, nothing happens. If Bearing is set, Standard (called
        `Part` in the page's warning) is not, and the child is not a bearing, the game
        crashes.
        
        .. seealso::
           44 - Connect, section Flags bitfield
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmConnect.Flags, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.unused = self._io.read_bits_int_be(1) != 0
            self.reverse_direction = self._io.read_bits_int_be(1) != 0
            self.disconnect = self._io.read_bits_int_be(1) != 0
            self.connect = self._io.read_bits_int_be(1) != 0
            self.unused_2 = self._io.read_bits_int_be(2)
            self.bearing = self._io.read_bits_int_be(1) != 0
            self.standard = self._io.read_bits_int_be(1) != 0
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmConnect.Flags, self)._write__seq(io)
            self._io.write_bits_int_be(1, int(self.unused))
            self._io.write_bits_int_be(1, int(self.reverse_direction))
            self._io.write_bits_int_be(1, int(self.disconnect))
            self._io.write_bits_int_be(1, int(self.connect))
            self._io.write_bits_int_be(2, self.unused_2)
            self._io.write_bits_int_be(1, int(self.bearing))
            self._io.write_bits_int_be(1, int(self.standard))


        def _check(self):
            self._dirty = False

        @property
        def value(self):
            """The documented bits as a byte (a sum of `interaction_flag` and `connection_flag`
            values).
            """
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = ((((64 if self.reverse_direction else 0) + (32 if self.disconnect else 0)) + (16 if self.connect else 0)) + (2 if self.bearing else 0)) + (1 if self.standard else 0)
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value


