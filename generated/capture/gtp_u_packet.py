# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ip_packet
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class GtpUPacket(KaitaiStruct):
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
    def __init__(self, _io, _parent=None, _root=None):
        super(GtpUPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

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
                _ = GtpUPacket.ExtensionHeader(self._io, self, self._root)
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
        else:
            pass
            self.body = self._io.read_bytes(self.len_message - (self._io.pos() - 8))


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

    class ExtensionHeader(KaitaiStruct):
        """One extension header: its length in 4-octet units (this byte and the next type
        included), its contents, and the type of the next one.
        
        .. seealso::
           section 5.2 - https://www.3gpp.org/ftp/Specs/archive/29_series/29.281/
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(GtpUPacket.ExtensionHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_header = self._io.read_u1()
            if not self.len_header >= 1:
                raise kaitaistruct.ValidationLessThanError(1, self.len_header, self._io, u"/types/extension_header/seq/0")
            self.content = self._io.read_bytes(self.len_header * 4 - 2)
            self.next_type = KaitaiStream.resolve_enum(GtpUPacket.ExtensionType, self._io.read_u1())


        def _fetch_instances(self):
            pass


    @property
    def has_extension_headers(self):
        if hasattr(self, '_m_has_extension_headers'):
            return self._m_has_extension_headers

        self._m_has_extension_headers =  ((self.has_optional_fields) and (self.has_extension_header) and (self.next_extension_type != GtpUPacket.ExtensionType.no_more)) 
        return getattr(self, '_m_has_extension_headers', None)

    @property
    def has_optional_fields(self):
        if hasattr(self, '_m_has_optional_fields'):
            return self._m_has_optional_fields

        self._m_has_optional_fields =  ((self.has_extension_header) or (self.has_sequence_number) or (self.has_n_pdu_number)) 
        return getattr(self, '_m_has_optional_fields', None)


