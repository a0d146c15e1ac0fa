# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ip_protocol
from . import ip_payload


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Ipv6Packet(KaitaiStruct):
    """An IPv6 packet: the fixed 40-byte header, then a payload of Payload Length bytes that
    starts with zero or more extension headers. The extension headers are walked through
    their Next Header / Hdr Ext Len fields and kept as bytes; the upper-layer header after
    them is routed to TCP/UDP.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc8200#section-3
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(Ipv6Packet, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.version = self._io.read_bits_int_be(4)
        if not self.version == 6:
            raise kaitaistruct.ValidationNotEqualError(6, self.version, self._io, u"/seq/0")
        self.traffic_class = self._io.read_bits_int_be(8)
        self.flow_label = self._io.read_bits_int_be(20)
        self.payload_length = self._io.read_u2be()
        self.next_header = KaitaiStream.resolve_enum(ip_protocol.IpProtocol.IpProtocol, self._io.read_u1())
        self.hop_limit = self._io.read_u1()
        self.src_addr = self._io.read_bytes(16)
        self.dst_addr = self._io.read_bytes(16)
        self._raw_payload = self._io.read_bytes((self._io.size() - 40 if self.is_cut else self.len_payload))
        _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
        self.payload = Ipv6Packet.PayloadChain(self.next_header, _io__raw_payload, self, self._root)


    def _fetch_instances(self):
        pass
        self.payload._fetch_instances()

    class ExtensionHeader(KaitaiStruct):
        """Any extension header, through the layout they share: Next Header, Hdr Ext Len, then
        the header's own fields (kept as bytes).
        
        .. seealso::
           Source - https://www.rfc-editor.org/rfc/rfc8200#section-4.2
        """
        def __init__(self, header_type, _io, _parent=None, _root=None):
            super(Ipv6Packet.ExtensionHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.header_type = header_type
            self._read()

        def _read(self):
            self.next_header = KaitaiStream.resolve_enum(ip_protocol.IpProtocol.IpProtocol, self._io.read_u1())
            self.hdr_ext_len = self._io.read_u1()
            self.data = self._io.read_bytes((self.hdr_ext_len * 4 + 2 if self.header_type == ip_protocol.IpProtocol.IpProtocol.ah else self.hdr_ext_len * 8 + 6))


        def _fetch_instances(self):
            pass

        @property
        def is_extension_next(self):
            if hasattr(self, '_m_is_extension_next'):
                return self._m_is_extension_next

            self._m_is_extension_next =  ((self.next_header == ip_protocol.IpProtocol.IpProtocol.hopopt) or (self.next_header == ip_protocol.IpProtocol.IpProtocol.ipv6_route) or (self.next_header == ip_protocol.IpProtocol.IpProtocol.ipv6_frag) or (self.next_header == ip_protocol.IpProtocol.IpProtocol.ah) or (self.next_header == ip_protocol.IpProtocol.IpProtocol.ipv6_opts) or (self.next_header == ip_protocol.IpProtocol.IpProtocol.mobility_header) or (self.next_header == ip_protocol.IpProtocol.IpProtocol.hip) or (self.next_header == ip_protocol.IpProtocol.IpProtocol.shim6)) 
            return getattr(self, '_m_is_extension_next', None)


    class PayloadChain(KaitaiStruct):
        """Extension headers, then the upper-layer payload.
        
        .. seealso::
           Source - https://www.rfc-editor.org/rfc/rfc8200#section-4
        """
        def __init__(self, first_header, _io, _parent=None, _root=None):
            super(Ipv6Packet.PayloadChain, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.first_header = first_header
            self._read()

        def _read(self):
            if self.is_extension_first:
                pass
                self.extension_headers = []
                i = 0
                while True:
                    _ = Ipv6Packet.ExtensionHeader((self.first_header if i == 0 else self.extension_headers[i - 1].next_header), self._io, self, self._root)
                    self.extension_headers.append(_)
                    if (not (_.is_extension_next)):
                        break
                    i += 1

            if (not (self.is_fragmented)):
                pass
                self._raw_body = self._io.read_bytes_full()
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = ip_payload.IpPayload(self.upper_layer_protocol, _io__raw_body)

            if self.is_fragmented:
                pass
                self.fragment_data = self._io.read_bytes_full()



        def _fetch_instances(self):
            pass
            if self.is_extension_first:
                pass
                for i in range(len(self.extension_headers)):
                    pass
                    self.extension_headers[i]._fetch_instances()


            if (not (self.is_fragmented)):
                pass
                self.body._fetch_instances()

            if self.is_fragmented:
                pass


        @property
        def is_extension_first(self):
            if hasattr(self, '_m_is_extension_first'):
                return self._m_is_extension_first

            self._m_is_extension_first =  ((self.first_header == ip_protocol.IpProtocol.IpProtocol.hopopt) or (self.first_header == ip_protocol.IpProtocol.IpProtocol.ipv6_route) or (self.first_header == ip_protocol.IpProtocol.IpProtocol.ipv6_frag) or (self.first_header == ip_protocol.IpProtocol.IpProtocol.ah) or (self.first_header == ip_protocol.IpProtocol.IpProtocol.ipv6_opts) or (self.first_header == ip_protocol.IpProtocol.IpProtocol.mobility_header) or (self.first_header == ip_protocol.IpProtocol.IpProtocol.hip) or (self.first_header == ip_protocol.IpProtocol.IpProtocol.shim6)) 
            return getattr(self, '_m_is_extension_first', None)

        @property
        def is_fragmented(self):
            """The payload is a fragment (the last extension header is a Fragment header)."""
            if hasattr(self, '_m_is_fragmented'):
                return self._m_is_fragmented

            self._m_is_fragmented =  ((self.is_extension_first) and (self.extension_headers[-1].header_type == ip_protocol.IpProtocol.IpProtocol.ipv6_frag)) 
            return getattr(self, '_m_is_fragmented', None)

        @property
        def upper_layer_protocol(self):
            """Protocol of the header after the last extension header."""
            if hasattr(self, '_m_upper_layer_protocol'):
                return self._m_upper_layer_protocol

            self._m_upper_layer_protocol = (self.extension_headers[-1].next_header if self.is_extension_first else self.first_header)
            return getattr(self, '_m_upper_layer_protocol', None)


    @property
    def is_cut(self):
        """The frame holds less than Payload Length says (cut at the capture's snapshot
        length); the payload is then what the frame has.
        """
        if hasattr(self, '_m_is_cut'):
            return self._m_is_cut

        self._m_is_cut = self.len_payload > self._io.size() - 40
        return getattr(self, '_m_is_cut', None)

    @property
    def is_jumbogram(self):
        """Payload Length 0 with a Hop-by-Hop header: a jumbogram (RFC 2675), as large-send
        offload (BIG TCP) captures write them; the payload is then the whole frame, as
        Wireshark reads it.
        """
        if hasattr(self, '_m_is_jumbogram'):
            return self._m_is_jumbogram

        self._m_is_jumbogram =  ((self.payload_length == 0) and (self.next_header == ip_protocol.IpProtocol.IpProtocol.hopopt)) 
        return getattr(self, '_m_is_jumbogram', None)

    @property
    def len_payload(self):
        """Bytes of payload, from Payload Length or, for a jumbogram, the frame."""
        if hasattr(self, '_m_len_payload'):
            return self._m_len_payload

        self._m_len_payload = (self._io.size() - 40 if self.is_jumbogram else self.payload_length)
        return getattr(self, '_m_len_payload', None)


