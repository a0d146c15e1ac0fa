# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ip_packet


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MplsStack(ReadWriteKaitaiStruct):
    """The payload of an Ethernet frame of EtherType 0x8847 (MPLS unicast) or 0x8848 (MPLS
    multicast): label stack entries up to the one with the bottom-of-stack bit, then the
    labelled packet. The stack does not say what it carries; an IPv4 or IPv6 packet is
    recognised by its version nibble (anything else, such as a pseudowire control word,
    stays bytes).
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc3032#section-2.1
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(MplsStack, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.labels = []
        i = 0
        while True:
            _t_labels = MplsStack.LabelEntry(self._io, self, self._root)
            try:
                _t_labels._read()
            finally:
                _ = _t_labels
                self.labels.append(_)
            if _.bottom_of_stack:
                break
            i += 1
        self._raw_body = self._io.read_bytes_full()
        _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
        self.body = ip_packet.IpPacket(_io__raw_body)
        self.body._read()
        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.labels)):
            pass
            self.labels[i]._fetch_instances()

        self.body._fetch_instances()


    def _write__seq(self, io=None):
        super(MplsStack, self)._write__seq(io)
        for i in range(len(self.labels)):
            pass
            self.labels[i]._write__seq(self._io)

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


    def _check(self):
        if len(self.labels) == 0:
            raise kaitaistruct.ConsistencyError(u"labels", 0, len(self.labels))
        for i in range(len(self.labels)):
            pass
            if self.labels[i]._root != self._root:
                raise kaitaistruct.ConsistencyError(u"labels", self._root, self.labels[i]._root)
            if self.labels[i]._parent != self:
                raise kaitaistruct.ConsistencyError(u"labels", self, self.labels[i]._parent)
            _ = self.labels[i]
            if _.bottom_of_stack != (i == len(self.labels) - 1):
                raise kaitaistruct.ConsistencyError(u"labels", i == len(self.labels) - 1, _.bottom_of_stack)

        self._dirty = False

    class LabelEntry(ReadWriteKaitaiStruct):
        """One 32-bit label stack entry.
        
        .. seealso::
           Source - https://www.rfc-editor.org/rfc/rfc3032#section-2.1
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MplsStack.LabelEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.label = self._io.read_bits_int_be(20)
            self.traffic_class = self._io.read_bits_int_be(3)
            self.bottom_of_stack = self._io.read_bits_int_be(1) != 0
            self.ttl = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(MplsStack.LabelEntry, self)._write__seq(io)
            self._io.write_bits_int_be(20, self.label)
            self._io.write_bits_int_be(3, self.traffic_class)
            self._io.write_bits_int_be(1, int(self.bottom_of_stack))
            self._io.write_u1(self.ttl)


        def _check(self):
            self._dirty = False



