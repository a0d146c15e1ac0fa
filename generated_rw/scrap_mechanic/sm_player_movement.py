# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmPlayerMovement(ReadWriteKaitaiStruct):
    """The body of a 30 Player Movement packet (client to server, once a tick) after LZ4
    decompression: the pressed movement keys and the look direction, no position.
    
    .. seealso::
       30 - Player Movement, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmPlayerMovement, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.tick = self._io.read_u4be()
        self.keys = SmPlayerMovement.Keys(self._io, self, self._root)
        self.keys._read()
        self.direction = self._io.read_u1()
        self.yaw = self._io.read_u1()
        self.pitch = self._io.read_u1()
        self._dirty = False


    def _fetch_instances(self):
        pass
        self.keys._fetch_instances()


    def _write__seq(self, io=None):
        super(SmPlayerMovement, self)._write__seq(io)
        self._io.write_u4be(self.tick)
        self.keys._write__seq(self._io)
        self._io.write_u1(self.direction)
        self._io.write_u1(self.yaw)
        self._io.write_u1(self.pitch)


    def _check(self):
        if self.keys._root != self._root:
            raise kaitaistruct.ConsistencyError(u"keys", self._root, self.keys._root)
        if self.keys._parent != self:
            raise kaitaistruct.ConsistencyError(u"keys", self, self.keys._parent)
        self._dirty = False

    class Keys(ReadWriteKaitaiStruct):
        """Movement keys bitfield, bit 7 first (see `sm_common::movement_key` for the bit
        values). All low while seated or tumbling.
        
        .. seealso::
           30 - Player Movement, section Keys bitfield
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmPlayerMovement.Keys, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.reserved = self._io.read_bits_int_be(3)
            if not self.reserved == 0:
                raise kaitaistruct.ValidationNotEqualError(0, self.reserved, self._io, u"/types/keys/seq/0")
            self.aim = self._io.read_bits_int_be(1) != 0
            self.sprint = self._io.read_bits_int_be(1) != 0
            self.horizontal = self._io.read_bits_int_be(1) != 0
            self.crawl = self._io.read_bits_int_be(1) != 0
            self.jump = self._io.read_bits_int_be(1) != 0
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmPlayerMovement.Keys, self)._write__seq(io)
            self._io.write_bits_int_be(3, self.reserved)
            self._io.write_bits_int_be(1, int(self.aim))
            self._io.write_bits_int_be(1, int(self.sprint))
            self._io.write_bits_int_be(1, int(self.horizontal))
            self._io.write_bits_int_be(1, int(self.crawl))
            self._io.write_bits_int_be(1, int(self.jump))


        def _check(self):
            if not self.reserved == 0:
                raise kaitaistruct.ValidationNotEqualError(0, self.reserved, None, u"/types/keys/seq/0")
            self._dirty = False

        @property
        def value(self):
            """The bitfield as a byte (a sum of `sm_common::movement_key` values)."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = ((((16 if self.aim else 0) + (8 if self.sprint else 0)) + (4 if self.horizontal else 0)) + (2 if self.crawl else 0)) + (1 if self.jump else 0)
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value


