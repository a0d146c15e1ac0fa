# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ip_packet


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MplsStack(KaitaiStruct):
    """The payload of an Ethernet frame of EtherType 0x8847 (MPLS unicast) or 0x8848 (MPLS
    multicast): label stack entries up to the one with the bottom-of-stack bit, then the
    labelled packet. The stack does not say what it carries; an IPv4 or IPv6 packet is
    recognised by its version nibble (anything else, such as a pseudowire control word,
    stays bytes).
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc3032#section-2.1
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(MplsStack, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.labels = []
        i = 0
        while True:
            _ = MplsStack.LabelEntry(self._io, self, self._root)
            self.labels.append(_)
            if _.bottom_of_stack:
                break
            i += 1
        self._raw_body = self._io.read_bytes_full()
        _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
        self.body = ip_packet.IpPacket(_io__raw_body)


    def _fetch_instances(self):
        pass
        for i in range(len(self.labels)):
            pass
            self.labels[i]._fetch_instances()

        self.body._fetch_instances()

    class LabelEntry(KaitaiStruct):
        """One 32-bit label stack entry.
        
        .. seealso::
           Source - https://www.rfc-editor.org/rfc/rfc3032#section-2.1
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MplsStack.LabelEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.label = self._io.read_bits_int_be(20)
            self.traffic_class = self._io.read_bits_int_be(3)
            self.bottom_of_stack = self._io.read_bits_int_be(1) != 0
            self.ttl = self._io.read_u1()


        def _fetch_instances(self):
            pass



