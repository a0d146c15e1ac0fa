# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ethernet_frame


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class VxlanPacket(KaitaiStruct):
    """Virtual eXtensible Local Area Network: an 8-byte header with the VXLAN Network
    Identifier, then a whole Ethernet frame, on UDP port 4789.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc7348#section-5
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(VxlanPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.flags = self._io.read_u1()
        self.reserved1 = self._io.read_bytes(3)
        self.vni = self._io.read_bits_int_be(24)
        self.reserved2 = self._io.read_u1()
        self._raw_body = self._io.read_bytes_full()
        _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
        self.body = ethernet_frame.EthernetFrame(_io__raw_body)


    def _fetch_instances(self):
        pass
        self.body._fetch_instances()


