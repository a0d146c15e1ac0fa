# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class WebsocketFrame(KaitaiStruct):
    """One frame of a WebSocket connection: a 2-byte header, an extended payload length of
    16 or 64 bits when the 7-bit one is 126 or 127, the 4-byte masking key of a frame
    the client sent, then the payload. The payload of a masked frame is XORed with the
    key, byte i with key byte i mod 4; permessage-deflate (RFC 7692) marks the first
    frame of a compressed message with `rsv1`.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc6455#section-5.2
    """

    class Opcode(IntEnum):
        continuation = 0
        text = 1
        binary = 2
        close = 8
        ping = 9
        pong = 10
    def __init__(self, _io, _parent=None, _root=None):
        super(WebsocketFrame, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.header = WebsocketFrame.FrameHeader(self._io, self, self._root)
        self.payload = self._io.read_bytes(self.header.len_payload)


    def _fetch_instances(self):
        pass
        self.header._fetch_instances()

    class FrameHeader(KaitaiStruct):
        """The frame's header up to its payload; its size is `len_header`, known from the
        first two bytes.
        
        .. seealso::
           Source - https://www.rfc-editor.org/rfc/rfc6455#section-5.2
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(WebsocketFrame.FrameHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.fin = self._io.read_bits_int_be(1) != 0
            self.rsv1 = self._io.read_bits_int_be(1) != 0
            self.rsv2 = self._io.read_bits_int_be(1) != 0
            self.rsv3 = self._io.read_bits_int_be(1) != 0
            self.opcode = KaitaiStream.resolve_enum(WebsocketFrame.Opcode, self._io.read_bits_int_be(4))
            self.mask = self._io.read_bits_int_be(1) != 0
            self.len_payload_short = self._io.read_bits_int_be(7)
            if self.len_payload_short == 126:
                pass
                self.len_payload_16 = self._io.read_u2be()

            if self.len_payload_short == 127:
                pass
                self.len_payload_64 = self._io.read_u8be()

            if self.mask:
                pass
                self.masking_key = self._io.read_bytes(4)



        def _fetch_instances(self):
            pass
            if self.len_payload_short == 126:
                pass

            if self.len_payload_short == 127:
                pass

            if self.mask:
                pass


        @property
        def is_control(self):
            """A control frame (close, ping, pong, or a reserved control opcode)."""
            if hasattr(self, '_m_is_control'):
                return self._m_is_control

            self._m_is_control = int(self.opcode) >= 8
            return getattr(self, '_m_is_control', None)

        @property
        def len_header(self):
            """Bytes of this header."""
            if hasattr(self, '_m_len_header'):
                return self._m_len_header

            self._m_len_header = (2 + (2 if self.len_payload_short == 126 else (8 if self.len_payload_short == 127 else 0))) + (4 if self.mask else 0)
            return getattr(self, '_m_len_header', None)

        @property
        def len_payload(self):
            """The payload length in bytes."""
            if hasattr(self, '_m_len_payload'):
                return self._m_len_payload

            self._m_len_payload = (self.len_payload_16 if self.len_payload_short == 126 else (self.len_payload_64 if self.len_payload_short == 127 else self.len_payload_short))
            return getattr(self, '_m_len_payload', None)



