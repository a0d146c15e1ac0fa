# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmPlayerMovement(KaitaiStruct):
    """The body of a 30 Player Movement packet (client to server, once a tick) after LZ4
    decompression: the pressed movement keys and the look direction, no position.
    
    .. seealso::
       30 - Player Movement, section Structure
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmPlayerMovement, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.tick = self._io.read_u4be()
        self.keys = SmPlayerMovement.Keys(self._io, self, self._root)
        self.direction = self._io.read_u1()
        self.yaw = self._io.read_u1()
        self.pitch = self._io.read_u1()


    def _fetch_instances(self):
        pass
        self.keys._fetch_instances()

    class Keys(KaitaiStruct):
        """Movement keys bitfield, bit 7 first (see `sm_common::movement_key` for the bit
        values). All low while seated or tumbling.
        
        .. seealso::
           30 - Player Movement, section Keys bitfield
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmPlayerMovement.Keys, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.reserved = self._io.read_bits_int_be(3)
            if not self.reserved == 0:
                raise kaitaistruct.ValidationNotEqualError(0, self.reserved, self._io, u"/types/keys/seq/0")
            self.aim = self._io.read_bits_int_be(1) != 0
            self.sprint = self._io.read_bits_int_be(1) != 0
            self.horizontal = self._io.read_bits_int_be(1) != 0
            self.crawl = self._io.read_bits_int_be(1) != 0
            self.jump = self._io.read_bits_int_be(1) != 0


        def _fetch_instances(self):
            pass

        @property
        def value(self):
            """The bitfield as a byte (a sum of `sm_common::movement_key` values)."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = ((((16 if self.aim else 0) + (8 if self.sprint else 0)) + (4 if self.horizontal else 0)) + (2 if self.crawl else 0)) + (1 if self.jump else 0)
            return getattr(self, '_m_value', None)



