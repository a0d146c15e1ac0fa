# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class TcpSegment(KaitaiStruct):
    """A TCP segment: the fixed 20-byte header, the options (kept as bytes; their length
    follows from the data offset) and the segment's data.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc9293#section-3.1
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(TcpSegment, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.src_port = self._io.read_u2be()
        self.dst_port = self._io.read_u2be()
        self.seq_num = self._io.read_u4be()
        self.ack_num = self._io.read_u4be()
        self.data_offset = self._io.read_bits_int_be(4)
        if not self.data_offset >= 5:
            raise kaitaistruct.ValidationLessThanError(5, self.data_offset, self._io, u"/seq/4")
        self.reserved = self._io.read_bits_int_be(4)
        self.cwr = self._io.read_bits_int_be(1) != 0
        self.ece = self._io.read_bits_int_be(1) != 0
        self.urg = self._io.read_bits_int_be(1) != 0
        self.ack = self._io.read_bits_int_be(1) != 0
        self.psh = self._io.read_bits_int_be(1) != 0
        self.rst = self._io.read_bits_int_be(1) != 0
        self.syn = self._io.read_bits_int_be(1) != 0
        self.fin = self._io.read_bits_int_be(1) != 0
        self.window = self._io.read_u2be()
        self.checksum = self._io.read_u2be()
        self.urgent_pointer = self._io.read_u2be()
        self.options = self._io.read_bytes(self.len_header - 20)
        self.body = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass

    @property
    def len_header(self):
        """Length of the header including options, in bytes."""
        if hasattr(self, '_m_len_header'):
            return self._m_len_header

        self._m_len_header = self.data_offset * 4
        return getattr(self, '_m_len_header', None)

    @property
    def len_sequence(self):
        """Sequence numbers this segment occupies (data octets, plus one each for SYN and FIN)."""
        if hasattr(self, '_m_len_sequence'):
            return self._m_len_sequence

        self._m_len_sequence = (len(self.body) + (1 if self.syn else 0)) + (1 if self.fin else 0)
        return getattr(self, '_m_len_sequence', None)


