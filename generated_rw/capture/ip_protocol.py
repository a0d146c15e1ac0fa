# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class IpProtocol(ReadWriteKaitaiStruct):
    """The IANA table of protocol numbers: the IPv4 "Protocol" field and the IPv6 "Next
    Header" field (which also names IPv6 extension headers). This spec holds only the
    enum; the IP packet types import it.
    
    .. seealso::
       Source - https://www.iana.org/assignments/protocol-numbers/protocol-numbers.xhtml
    """

    class IpProtocol(IntEnum):
        hopopt = 0
        icmp = 1
        igmp = 2
        ipv4_encapsulation = 4
        tcp = 6
        udp = 17
        ipv6_encapsulation = 41
        ipv6_route = 43
        ipv6_frag = 44
        gre = 47
        esp = 50
        ah = 51
        ipv6_icmp = 58
        ipv6_no_next = 59
        ipv6_opts = 60
        sctp = 132
        mobility_header = 135
        udplite = 136
        hip = 139
        shim6 = 140
    def __init__(self, _io=None, _parent=None, _root=None):
        super(IpProtocol, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(IpProtocol, self)._write__seq(io)


    def _check(self):
        self._dirty = False


