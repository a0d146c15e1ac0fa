# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ip_packet
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class GtpUPacket(ReadWriteKaitaiStruct):
    """GTP-U version 1, which carries the user's IP packets between the radio network and
    the core of 2G to 5G mobile networks, on UDP port 2152: the 8-byte mandatory header,
    the optional sequence number, N-PDU number and next extension header type (present
    when any of the E, S and PN flags is set), the chain of extension headers, then the
    message. A G-PDU's message is the user's IP packet (T-PDU), routed by its version
    nibble; other messages (echo, error indication, end marker) stay bytes.
    
    .. seealso::
       section 5.1 - https://www.3gpp.org/ftp/Specs/archive/29_series/29.281/
    """

    class ExtensionType(IntEnum):
        no_more = 0
        long_pdcp_pdu_number_a = 3
        service_class_indicator = 32
        udp_port = 64
        ran_container = 129
        long_pdcp_pdu_number = 130
        xw_ran_container = 131
        nr_ran_container = 132
        pdu_session_container = 133
        pdcp_pdu_number = 192

    class MessageType(IntEnum):
        echo_request = 1
        echo_response = 2
        error_indication = 26
        supported_extension_headers_notification = 31
        tunnel_status = 253
        end_marker = 254
        g_pdu = 255
    def __init__(self, _io=None, _parent=None, _root=None):
        super(GtpUPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.version = self._io.read_bits_int_be(3)
        if not self.version == 1:
            raise kaitaistruct.ValidationNotEqualError(1, self.version, self._io, u"/seq/0")
        self.protocol_type = self._io.read_bits_int_be(1) != 0
        self.reserved = self._io.read_bits_int_be(1) != 0
        self.has_extension_header = self._io.read_bits_int_be(1) != 0
        self.has_sequence_number = self._io.read_bits_int_be(1) != 0
        self.has_n_pdu_number = self._io.read_bits_int_be(1) != 0
        self.message_type = KaitaiStream.resolve_enum(GtpUPacket.MessageType, self._io.read_u1())
        self.len_message = self._io.read_u2be()
        self.teid = self._io.read_u4be()
        if self.has_optional_fields:
            pass
            self.sequence_number = self._io.read_u2be()

        if self.has_optional_fields:
            pass
            self.n_pdu_number = self._io.read_u1()

        if self.has_optional_fields:
            pass
            self.next_extension_type = KaitaiStream.resolve_enum(GtpUPacket.ExtensionType, self._io.read_u1())

        if self.has_extension_headers:
            pass
            self.extension_headers = []
            i = 0
            while True:
                _t_extension_headers = GtpUPacket.ExtensionHeader(self._io, self, self._root)
                try:
                    _t_extension_headers._read()
                finally:
                    _ = _t_extension_headers
                    self.extension_headers.append(_)
                if _.next_type == GtpUPacket.ExtensionType.no_more:
                    break
                i += 1

        _on = self.message_type
        if _on == GtpUPacket.MessageType.g_pdu:
            pass
            self._raw_body = self._io.read_bytes(self.len_message - (self._io.pos() - 8))
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ip_packet.IpPacket(_io__raw_body)
            self.body._read()
        else:
            pass
            self.body = self._io.read_bytes(self.len_message - (self._io.pos() - 8))
        self._dirty = False


    def _fetch_instances(self):
        pass
        if self.has_optional_fields:
            pass

        if self.has_optional_fields:
            pass

        if self.has_optional_fields:
            pass

        if self.has_extension_headers:
            pass
            for i in range(len(self.extension_headers)):
                pass
                self.extension_headers[i]._fetch_instances()


        _on = self.message_type
        if _on == GtpUPacket.MessageType.g_pdu:
            pass
            self.body._fetch_instances()
        else:
            pass


    def _write__seq(self, io=None):
        super(GtpUPacket, self)._write__seq(io)
        self._io.write_bits_int_be(3, self.version)
        self._io.write_bits_int_be(1, int(self.protocol_type))
        self._io.write_bits_int_be(1, int(self.reserved))
        self._io.write_bits_int_be(1, int(self.has_extension_header))
        self._io.write_bits_int_be(1, int(self.has_sequence_number))
        self._io.write_bits_int_be(1, int(self.has_n_pdu_number))
        self._io.write_u1(int(self.message_type))
        self._io.write_u2be(self.len_message)
        self._io.write_u4be(self.teid)
        if self.has_optional_fields:
            pass
            self._io.write_u2be(self.sequence_number)

        if self.has_optional_fields:
            pass
            self._io.write_u1(self.n_pdu_number)

        if self.has_optional_fields:
            pass
            self._io.write_u1(int(self.next_extension_type))

        if self.has_extension_headers:
            pass
            for i in range(len(self.extension_headers)):
                pass
                self.extension_headers[i]._write__seq(self._io)


        _on = self.message_type
        if _on == GtpUPacket.MessageType.g_pdu:
            pass
            _io__raw_body = KaitaiStream(BytesIO(bytearray(self.len_message - (self._io.pos() - 8))))
            self._io.add_child_stream(_io__raw_body)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_message - (self._io.pos() - 8)))
            def handler(parent, _io__raw_body=_io__raw_body):
                self._raw_body = _io__raw_body.to_byte_array()
                if len(self._raw_body) != self.len_message - (self._io.pos() - 8):
                    raise kaitaistruct.ConsistencyError(u"raw(body)", self.len_message - (self._io.pos() - 8), len(self._raw_body))
                parent.write_bytes(self._raw_body)
            _io__raw_body.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.body._write__seq(_io__raw_body)
        else:
            pass
            if len(self.body) != self.len_message - (self._io.pos() - 8):
                raise kaitaistruct.ConsistencyError(u"body", self.len_message - (self._io.pos() - 8), len(self.body))
            self._io.write_bytes(self.body)


    def _check(self):
        if not self.version == 1:
            raise kaitaistruct.ValidationNotEqualError(1, self.version, None, u"/seq/0")
        if self.has_optional_fields:
            pass

        if self.has_optional_fields:
            pass

        if self.has_optional_fields:
            pass

        if self.has_extension_headers:
            pass
            if len(self.extension_headers) == 0:
                raise kaitaistruct.ConsistencyError(u"extension_headers", 0, len(self.extension_headers))
            for i in range(len(self.extension_headers)):
                pass
                if self.extension_headers[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"extension_headers", self._root, self.extension_headers[i]._root)
                if self.extension_headers[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"extension_headers", self, self.extension_headers[i]._parent)
                _ = self.extension_headers[i]
                if (_.next_type == GtpUPacket.ExtensionType.no_more) != (i == len(self.extension_headers) - 1):
                    raise kaitaistruct.ConsistencyError(u"extension_headers", i == len(self.extension_headers) - 1, _.next_type == GtpUPacket.ExtensionType.no_more)


        _on = self.message_type
        if _on == GtpUPacket.MessageType.g_pdu:
            pass
        else:
            pass
        self._dirty = False

    class ExtensionHeader(ReadWriteKaitaiStruct):
        """One extension header: its length in 4-octet units (this byte and the next type
        included), its contents, and the type of the next one.
        
        .. seealso::
           section 5.2 - https://www.3gpp.org/ftp/Specs/archive/29_series/29.281/
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(GtpUPacket.ExtensionHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_header = self._io.read_u1()
            if not self.len_header >= 1:
                raise kaitaistruct.ValidationLessThanError(1, self.len_header, self._io, u"/types/extension_header/seq/0")
            self.content = self._io.read_bytes(self.len_header * 4 - 2)
            self.next_type = KaitaiStream.resolve_enum(GtpUPacket.ExtensionType, self._io.read_u1())
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(GtpUPacket.ExtensionHeader, self)._write__seq(io)
            self._io.write_u1(self.len_header)
            self._io.write_bytes(self.content)
            self._io.write_u1(int(self.next_type))


        def _check(self):
            if not self.len_header >= 1:
                raise kaitaistruct.ValidationLessThanError(1, self.len_header, None, u"/types/extension_header/seq/0")
            if len(self.content) != self.len_header * 4 - 2:
                raise kaitaistruct.ConsistencyError(u"content", self.len_header * 4 - 2, len(self.content))
            self._dirty = False


    @property
    def has_extension_headers(self):
        if hasattr(self, '_m_has_extension_headers'):
            return self._m_has_extension_headers

        self._m_has_extension_headers =  ((self.has_optional_fields) and (self.has_extension_header) and (self.next_extension_type != GtpUPacket.ExtensionType.no_more)) 
        return getattr(self, '_m_has_extension_headers', None)

    def _invalidate_has_extension_headers(self):
        del self._m_has_extension_headers
    @property
    def has_optional_fields(self):
        if hasattr(self, '_m_has_optional_fields'):
            return self._m_has_optional_fields

        self._m_has_optional_fields =  ((self.has_extension_header) or (self.has_sequence_number) or (self.has_n_pdu_number)) 
        return getattr(self, '_m_has_optional_fields', None)

    def _invalidate_has_optional_fields(self):
        del self._m_has_optional_fields

