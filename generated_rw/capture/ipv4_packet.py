# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ip_protocol
from . import ip_payload


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Ipv4Packet(ReadWriteKaitaiStruct):
    """An IPv4 packet: header with options (their length follows from IHL), then the payload
    bounded by Total Length (link-layer padding after it is left out; a frame cut short by
    the capture keeps the payload bytes it has, see `is_cut`; a Total Length of 0, from
    segmentation offload, means the whole frame). Fragments keep their
    payload as bytes; only whole packets are routed to TCP/UDP.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc791#section-3.1
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(Ipv4Packet, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.version = self._io.read_bits_int_be(4)
        if not self.version == 4:
            raise kaitaistruct.ValidationNotEqualError(4, self.version, self._io, u"/seq/0")
        self.ihl = self._io.read_bits_int_be(4)
        if not self.ihl >= 5:
            raise kaitaistruct.ValidationLessThanError(5, self.ihl, self._io, u"/seq/1")
        self.dscp = self._io.read_bits_int_be(6)
        self.ecn = self._io.read_bits_int_be(2)
        self.total_length = self._io.read_u2be()
        _ = self.total_length
        if not  ((_ == 0) or (_ >= self.len_header)) :
            raise kaitaistruct.ValidationExprError(self.total_length, self._io, u"/seq/4")
        self.identification = self._io.read_u2be()
        self.reserved = self._io.read_bits_int_be(1) != 0
        self.dont_fragment = self._io.read_bits_int_be(1) != 0
        self.more_fragments = self._io.read_bits_int_be(1) != 0
        self.fragment_offset = self._io.read_bits_int_be(13)
        self.ttl = self._io.read_u1()
        self.protocol = KaitaiStream.resolve_enum(ip_protocol.IpProtocol.IpProtocol, self._io.read_u1())
        self.header_checksum = self._io.read_u2be()
        self.src_addr = self._io.read_bytes(4)
        self.dst_addr = self._io.read_bytes(4)
        self.options = self._io.read_bytes(self.len_header - 20)
        if (not (self.is_fragment)):
            pass
            self._raw_body = self._io.read_bytes(self.len_body)
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ip_payload.IpPayload(self.protocol, _io__raw_body)
            self.body._read()

        if self.is_fragment:
            pass
            self.fragment_data = self._io.read_bytes(self.len_body)

        self._dirty = False


    def _fetch_instances(self):
        pass
        if (not (self.is_fragment)):
            pass
            self.body._fetch_instances()

        if self.is_fragment:
            pass



    def _write__seq(self, io=None):
        super(Ipv4Packet, self)._write__seq(io)
        self._io.write_bits_int_be(4, self.version)
        self._io.write_bits_int_be(4, self.ihl)
        self._io.write_bits_int_be(6, self.dscp)
        self._io.write_bits_int_be(2, self.ecn)
        self._io.write_u2be(self.total_length)
        self._io.write_u2be(self.identification)
        self._io.write_bits_int_be(1, int(self.reserved))
        self._io.write_bits_int_be(1, int(self.dont_fragment))
        self._io.write_bits_int_be(1, int(self.more_fragments))
        self._io.write_bits_int_be(13, self.fragment_offset)
        self._io.write_u1(self.ttl)
        self._io.write_u1(int(self.protocol))
        self._io.write_u2be(self.header_checksum)
        self._io.write_bytes(self.src_addr)
        self._io.write_bytes(self.dst_addr)
        self._io.write_bytes(self.options)
        if (not (self.is_fragment)):
            pass
            _io__raw_body = KaitaiStream(BytesIO(bytearray(self.len_body)))
            self._io.add_child_stream(_io__raw_body)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_body))
            def handler(parent, _io__raw_body=_io__raw_body):
                self._raw_body = _io__raw_body.to_byte_array()
                if len(self._raw_body) != self.len_body:
                    raise kaitaistruct.ConsistencyError(u"raw(body)", self.len_body, len(self._raw_body))
                parent.write_bytes(self._raw_body)
            _io__raw_body.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.body._write__seq(_io__raw_body)

        if self.is_fragment:
            pass
            if len(self.fragment_data) != self.len_body:
                raise kaitaistruct.ConsistencyError(u"fragment_data", self.len_body, len(self.fragment_data))
            self._io.write_bytes(self.fragment_data)



    def _check(self):
        if not self.version == 4:
            raise kaitaistruct.ValidationNotEqualError(4, self.version, None, u"/seq/0")
        if not self.ihl >= 5:
            raise kaitaistruct.ValidationLessThanError(5, self.ihl, None, u"/seq/1")
        _ = self.total_length
        if not  ((_ == 0) or (_ >= self.len_header)) :
            raise kaitaistruct.ValidationExprError(self.total_length, None, u"/seq/4")
        if len(self.src_addr) != 4:
            raise kaitaistruct.ConsistencyError(u"src_addr", 4, len(self.src_addr))
        if len(self.dst_addr) != 4:
            raise kaitaistruct.ConsistencyError(u"dst_addr", 4, len(self.dst_addr))
        if len(self.options) != self.len_header - 20:
            raise kaitaistruct.ConsistencyError(u"options", self.len_header - 20, len(self.options))
        if (not (self.is_fragment)):
            pass
            if self.body.protocol != self.protocol:
                raise kaitaistruct.ConsistencyError(u"body", self.protocol, self.body.protocol)

        if self.is_fragment:
            pass

        self._dirty = False

    @property
    def is_cut(self):
        """The frame holds less than Total Length says: the capture cut it at its snapshot
        length (or the length lies). The payload is then what the frame has.
        """
        if hasattr(self, '_m_is_cut'):
            return self._m_is_cut

        self._m_is_cut = self.len_total > self._io.size()
        return getattr(self, '_m_is_cut', None)

    def _invalidate_is_cut(self):
        del self._m_is_cut
    @property
    def is_fragment(self):
        if hasattr(self, '_m_is_fragment'):
            return self._m_is_fragment

        self._m_is_fragment =  ((self.more_fragments) or (self.fragment_offset != 0)) 
        return getattr(self, '_m_is_fragment', None)

    def _invalidate_is_fragment(self):
        del self._m_is_fragment
    @property
    def len_body(self):
        """Bytes of payload in the frame."""
        if hasattr(self, '_m_len_body'):
            return self._m_len_body

        self._m_len_body = (self._io.size() - self.len_header if self.is_cut else self.len_total - self.len_header)
        return getattr(self, '_m_len_body', None)

    def _invalidate_len_body(self):
        del self._m_len_body
    @property
    def len_header(self):
        """Header length in bytes."""
        if hasattr(self, '_m_len_header'):
            return self._m_len_header

        self._m_len_header = self.ihl * 4
        return getattr(self, '_m_len_header', None)

    def _invalidate_len_header(self):
        del self._m_len_header
    @property
    def len_total(self):
        """Length of the header and data, from Total Length or, when that is 0, the frame."""
        if hasattr(self, '_m_len_total'):
            return self._m_len_total

        self._m_len_total = (self._io.size() if self.total_length == 0 else self.total_length)
        return getattr(self, '_m_len_total', None)

    def _invalidate_len_total(self):
        del self._m_len_total

