# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import udp_datagram
from . import tcp_segment
from . import ip_protocol


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class IpPayload(KaitaiStruct):
    """Router from the IPv4 Protocol / IPv6 Next Header value to the transport layer that
    follows. TCP and UDP are parsed; every other protocol (ICMP, GRE, ESP ...) stays bytes.
    IP in IP (protocol 4, IPv4, and 41, IPv6: the 6in4, 6to4 and IPv6-in-IPv6 tunnels)
    also stays bytes here, since the IP specs import this one: the wirestruct runtime
    parses it with `ip_packet`.
    
    .. seealso::
       Source - https://www.iana.org/assignments/protocol-numbers/protocol-numbers.xhtml
    """
    def __init__(self, protocol, _io, _parent=None, _root=None):
        super(IpPayload, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.protocol = protocol
        self._read()

    def _read(self):
        _on = self.protocol
        if _on == ip_protocol.IpProtocol.IpProtocol.tcp:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = tcp_segment.TcpSegment(_io__raw_body)
        elif _on == ip_protocol.IpProtocol.IpProtocol.udp:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = udp_datagram.UdpDatagram(_io__raw_body)
        else:
            pass
            self.body = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.protocol
        if _on == ip_protocol.IpProtocol.IpProtocol.tcp:
            pass
            self.body._fetch_instances()
        elif _on == ip_protocol.IpProtocol.IpProtocol.udp:
            pass
            self.body._fetch_instances()
        else:
            pass


