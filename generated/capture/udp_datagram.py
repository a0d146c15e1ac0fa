# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class UdpDatagram(KaitaiStruct):
    """A UDP datagram; its length field bounds the data (link-layer padding is left out).
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc768
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(UdpDatagram, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.src_port = self._io.read_u2be()
        self.dst_port = self._io.read_u2be()
        self.length = self._io.read_u2be()
        if not self.length >= 8:
            raise kaitaistruct.ValidationLessThanError(8, self.length, self._io, u"/seq/2")
        self.checksum = self._io.read_u2be()
        self.body = self._io.read_bytes((self._io.size() - 8 if self.is_cut else self.length - 8))


    def _fetch_instances(self):
        pass

    @property
    def is_cut(self):
        """The datagram is longer than what was captured of it."""
        if hasattr(self, '_m_is_cut'):
            return self._m_is_cut

        self._m_is_cut = self.length > self._io.size()
        return getattr(self, '_m_is_cut', None)


