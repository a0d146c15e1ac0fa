# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class TcpSegment(ReadWriteKaitaiStruct):
    """A TCP segment: the fixed 20-byte header, the options (kept as bytes; their length
    follows from the data offset) and the segment's data.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc9293#section-3.1
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(TcpSegment, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

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
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(TcpSegment, self)._write__seq(io)
        self._io.write_u2be(self.src_port)
        self._io.write_u2be(self.dst_port)
        self._io.write_u4be(self.seq_num)
        self._io.write_u4be(self.ack_num)
        self._io.write_bits_int_be(4, self.data_offset)
        self._io.write_bits_int_be(4, self.reserved)
        self._io.write_bits_int_be(1, int(self.cwr))
        self._io.write_bits_int_be(1, int(self.ece))
        self._io.write_bits_int_be(1, int(self.urg))
        self._io.write_bits_int_be(1, int(self.ack))
        self._io.write_bits_int_be(1, int(self.psh))
        self._io.write_bits_int_be(1, int(self.rst))
        self._io.write_bits_int_be(1, int(self.syn))
        self._io.write_bits_int_be(1, int(self.fin))
        self._io.write_u2be(self.window)
        self._io.write_u2be(self.checksum)
        self._io.write_u2be(self.urgent_pointer)
        self._io.write_bytes(self.options)
        self._io.write_bytes(self.body)
        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"body", 0, self._io.size() - self._io.pos())


    def _check(self):
        if not self.data_offset >= 5:
            raise kaitaistruct.ValidationLessThanError(5, self.data_offset, None, u"/seq/4")
        if len(self.options) != self.len_header - 20:
            raise kaitaistruct.ConsistencyError(u"options", self.len_header - 20, len(self.options))
        self._dirty = False

    @property
    def len_header(self):
        """Length of the header including options, in bytes."""
        if hasattr(self, '_m_len_header'):
            return self._m_len_header

        self._m_len_header = self.data_offset * 4
        return getattr(self, '_m_len_header', None)

    def _invalidate_len_header(self):
        del self._m_len_header
    @property
    def len_sequence(self):
        """Sequence numbers this segment occupies (data octets, plus one each for SYN and FIN)."""
        if hasattr(self, '_m_len_sequence'):
            return self._m_len_sequence

        self._m_len_sequence = (len(self.body) + (1 if self.syn else 0)) + (1 if self.fin else 0)
        return getattr(self, '_m_len_sequence', None)

    def _invalidate_len_sequence(self):
        del self._m_len_sequence

