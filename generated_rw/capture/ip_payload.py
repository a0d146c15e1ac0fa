# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import udp_datagram
from . import tcp_segment
from . import ip_protocol


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class IpPayload(ReadWriteKaitaiStruct):
    """Router from the IPv4 Protocol / IPv6 Next Header value to the transport layer that
    follows. TCP and UDP are parsed; every other protocol (ICMP, GRE, ESP ...) stays bytes.
    IP in IP (protocol 4, IPv4, and 41, IPv6: the 6in4, 6to4 and IPv6-in-IPv6 tunnels)
    also stays bytes here, since the IP specs import this one: the wirestruct runtime
    parses it with `ip_packet`.
    
    .. seealso::
       Source - https://www.iana.org/assignments/protocol-numbers/protocol-numbers.xhtml
    """
    def __init__(self, protocol, _io=None, _parent=None, _root=None):
        super(IpPayload, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.protocol = protocol

    def _read(self):
        _on = self.protocol
        if _on == ip_protocol.IpProtocol.IpProtocol.tcp:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = tcp_segment.TcpSegment(_io__raw_body)
            self.body._read()
        elif _on == ip_protocol.IpProtocol.IpProtocol.udp:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = udp_datagram.UdpDatagram(_io__raw_body)
            self.body._read()
        else:
            pass
            self.body = self._io.read_bytes_full()
        self._dirty = False


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


    def _write__seq(self, io=None):
        super(IpPayload, self)._write__seq(io)
        _on = self.protocol
        if _on == ip_protocol.IpProtocol.IpProtocol.tcp:
            pass
            _io__raw_body = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
            self._io.add_child_stream(_io__raw_body)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
            def handler(parent, _io__raw_body=_io__raw_body):
                self._raw_body = _io__raw_body.to_byte_array()
                parent.write_bytes(self._raw_body)
                if not parent.is_eof():
                    raise kaitaistruct.ConsistencyError(u"raw(body)", 0, parent.size() - parent.pos())
            _io__raw_body.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.body._write__seq(_io__raw_body)
        elif _on == ip_protocol.IpProtocol.IpProtocol.udp:
            pass
            _io__raw_body = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
            self._io.add_child_stream(_io__raw_body)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
            def handler(parent, _io__raw_body=_io__raw_body):
                self._raw_body = _io__raw_body.to_byte_array()
                parent.write_bytes(self._raw_body)
                if not parent.is_eof():
                    raise kaitaistruct.ConsistencyError(u"raw(body)", 0, parent.size() - parent.pos())
            _io__raw_body.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.body._write__seq(_io__raw_body)
        else:
            pass
            self._io.write_bytes(self.body)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"body", 0, self._io.size() - self._io.pos())


    def _check(self):
        _on = self.protocol
        if _on == ip_protocol.IpProtocol.IpProtocol.tcp:
            pass
        elif _on == ip_protocol.IpProtocol.IpProtocol.udp:
            pass
        else:
            pass
        self._dirty = False


