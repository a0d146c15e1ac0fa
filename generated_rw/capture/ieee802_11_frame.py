# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import llc_snap
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Ieee80211Frame(ReadWriteKaitaiStruct):
    """An IEEE 802.11 MAC frame as capture files store it (link type 105, and inside radiotap
    and PPI headers): the frame control field, then, for data frames, the duration, the
    three or four addresses, the sequence control, the QoS and HT control fields when
    present, and the body, which an unencrypted data frame carries as an LLC/SNAP header
    and the packet. Management and control frames, encrypted bodies and A-MSDUs stay
    bytes. The frame check sequence, when the capture kept it, is the last 4 bytes.
    
    .. seealso::
       IEEE 802.11-2020 section 9.2 (MAC frame formats)
    """

    class FrameType(IntEnum):
        management = 0
        control = 1
        data = 2
        extension = 3
    def __init__(self, has_fcs, has_data_pad, _io=None, _parent=None, _root=None):
        super(Ieee80211Frame, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.has_fcs = has_fcs
        self.has_data_pad = has_data_pad

    def _read(self):
        self.subtype = self._io.read_bits_int_be(4)
        self.frame_type = KaitaiStream.resolve_enum(Ieee80211Frame.FrameType, self._io.read_bits_int_be(2))
        self.protocol_version = self._io.read_bits_int_be(2)
        self.order = self._io.read_bits_int_be(1) != 0
        self.is_protected = self._io.read_bits_int_be(1) != 0
        self.more_data = self._io.read_bits_int_be(1) != 0
        self.power_management = self._io.read_bits_int_be(1) != 0
        self.retry = self._io.read_bits_int_be(1) != 0
        self.more_fragments = self._io.read_bits_int_be(1) != 0
        self.from_ds = self._io.read_bits_int_be(1) != 0
        self.to_ds = self._io.read_bits_int_be(1) != 0
        self.duration = self._io.read_u2le()
        if  ((self.is_data) and (self.protocol_version == 0)) :
            pass
            self.header = Ieee80211Frame.DataHeader(self._io, self, self._root)
            self.header._read()

        _on = self.carries_llc
        if _on == True:
            pass
            self._raw_body = self._io.read_bytes((self._io.size() - self._io.pos()) - (4 if self.has_fcs else 0))
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = llc_snap.LlcSnap(_io__raw_body)
            self.body._read()
        else:
            pass
            self.body = self._io.read_bytes((self._io.size() - self._io.pos()) - (4 if self.has_fcs else 0))
        if self.has_fcs:
            pass
            self.fcs = self._io.read_bytes(4)

        self._dirty = False


    def _fetch_instances(self):
        pass
        if  ((self.is_data) and (self.protocol_version == 0)) :
            pass
            self.header._fetch_instances()

        _on = self.carries_llc
        if _on == True:
            pass
            self.body._fetch_instances()
        else:
            pass
        if self.has_fcs:
            pass



    def _write__seq(self, io=None):
        super(Ieee80211Frame, self)._write__seq(io)
        self._io.write_bits_int_be(4, self.subtype)
        self._io.write_bits_int_be(2, int(self.frame_type))
        self._io.write_bits_int_be(2, self.protocol_version)
        self._io.write_bits_int_be(1, int(self.order))
        self._io.write_bits_int_be(1, int(self.is_protected))
        self._io.write_bits_int_be(1, int(self.more_data))
        self._io.write_bits_int_be(1, int(self.power_management))
        self._io.write_bits_int_be(1, int(self.retry))
        self._io.write_bits_int_be(1, int(self.more_fragments))
        self._io.write_bits_int_be(1, int(self.from_ds))
        self._io.write_bits_int_be(1, int(self.to_ds))
        self._io.write_u2le(self.duration)
        if  ((self.is_data) and (self.protocol_version == 0)) :
            pass
            self.header._write__seq(self._io)

        _on = self.carries_llc
        if _on == True:
            pass
            _io__raw_body = KaitaiStream(BytesIO(bytearray((self._io.size() - self._io.pos()) - (4 if self.has_fcs else 0))))
            self._io.add_child_stream(_io__raw_body)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + ((self._io.size() - self._io.pos()) - (4 if self.has_fcs else 0)))
            def handler(parent, _io__raw_body=_io__raw_body):
                self._raw_body = _io__raw_body.to_byte_array()
                if len(self._raw_body) != (self._io.size() - self._io.pos()) - (4 if self.has_fcs else 0):
                    raise kaitaistruct.ConsistencyError(u"raw(body)", (self._io.size() - self._io.pos()) - (4 if self.has_fcs else 0), len(self._raw_body))
                parent.write_bytes(self._raw_body)
            _io__raw_body.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.body._write__seq(_io__raw_body)
        else:
            pass
            if len(self.body) != (self._io.size() - self._io.pos()) - (4 if self.has_fcs else 0):
                raise kaitaistruct.ConsistencyError(u"body", (self._io.size() - self._io.pos()) - (4 if self.has_fcs else 0), len(self.body))
            self._io.write_bytes(self.body)
        if self.has_fcs:
            pass
            self._io.write_bytes(self.fcs)



    def _check(self):
        if  ((self.is_data) and (self.protocol_version == 0)) :
            pass
            if self.header._root != self._root:
                raise kaitaistruct.ConsistencyError(u"header", self._root, self.header._root)
            if self.header._parent != self:
                raise kaitaistruct.ConsistencyError(u"header", self, self.header._parent)

        _on = self.carries_llc
        if _on == True:
            pass
        else:
            pass
        if self.has_fcs:
            pass
            if len(self.fcs) != 4:
                raise kaitaistruct.ConsistencyError(u"fcs", 4, len(self.fcs))

        self._dirty = False

    class DataHeader(ReadWriteKaitaiStruct):
        """The addresses and control fields of a data frame after the duration.
        
        .. seealso::
           IEEE 802.11-2020 section 9.3.2.1
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(Ieee80211Frame.DataHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.addr1 = self._io.read_bytes(6)
            self.addr2 = self._io.read_bytes(6)
            self.addr3 = self._io.read_bytes(6)
            self.sequence_control = self._io.read_u2le()
            if  ((self._parent.to_ds) and (self._parent.from_ds)) :
                pass
                self.addr4 = self._io.read_bytes(6)

            if self._parent.is_qos:
                pass
                self.qos_control = self._io.read_u2le()

            if  ((self._parent.is_qos) and (self._parent.order)) :
                pass
                self.ht_control = self._io.read_u4le()

            self.data_pad = self._io.read_bytes(((4 - self._io.pos() % 4) % 4 if self._parent.has_data_pad else 0))
            self._dirty = False


        def _fetch_instances(self):
            pass
            if  ((self._parent.to_ds) and (self._parent.from_ds)) :
                pass

            if self._parent.is_qos:
                pass

            if  ((self._parent.is_qos) and (self._parent.order)) :
                pass



        def _write__seq(self, io=None):
            super(Ieee80211Frame.DataHeader, self)._write__seq(io)
            self._io.write_bytes(self.addr1)
            self._io.write_bytes(self.addr2)
            self._io.write_bytes(self.addr3)
            self._io.write_u2le(self.sequence_control)
            if  ((self._parent.to_ds) and (self._parent.from_ds)) :
                pass
                self._io.write_bytes(self.addr4)

            if self._parent.is_qos:
                pass
                self._io.write_u2le(self.qos_control)

            if  ((self._parent.is_qos) and (self._parent.order)) :
                pass
                self._io.write_u4le(self.ht_control)

            if len(self.data_pad) != ((4 - self._io.pos() % 4) % 4 if self._parent.has_data_pad else 0):
                raise kaitaistruct.ConsistencyError(u"data_pad", ((4 - self._io.pos() % 4) % 4 if self._parent.has_data_pad else 0), len(self.data_pad))
            self._io.write_bytes(self.data_pad)


        def _check(self):
            if len(self.addr1) != 6:
                raise kaitaistruct.ConsistencyError(u"addr1", 6, len(self.addr1))
            if len(self.addr2) != 6:
                raise kaitaistruct.ConsistencyError(u"addr2", 6, len(self.addr2))
            if len(self.addr3) != 6:
                raise kaitaistruct.ConsistencyError(u"addr3", 6, len(self.addr3))
            if  ((self._parent.to_ds) and (self._parent.from_ds)) :
                pass
                if len(self.addr4) != 6:
                    raise kaitaistruct.ConsistencyError(u"addr4", 6, len(self.addr4))

            if self._parent.is_qos:
                pass

            if  ((self._parent.is_qos) and (self._parent.order)) :
                pass

            self._dirty = False

        @property
        def is_amsdu(self):
            """The body is an aggregate of MSDUs (A-MSDU present bit)."""
            if hasattr(self, '_m_is_amsdu'):
                return self._m_is_amsdu

            self._m_is_amsdu = ((self.qos_control // 128) % 2 != 0 if self._parent.is_qos else False)
            return getattr(self, '_m_is_amsdu', None)

        def _invalidate_is_amsdu(self):
            del self._m_is_amsdu

    @property
    def carries_llc(self):
        if hasattr(self, '_m_carries_llc'):
            return self._m_carries_llc

        self._m_carries_llc =  ((self.is_data) and (self.protocol_version == 0) and ( ((self.subtype == 0) or (self.subtype == 8)) ) and ((not (self.is_protected))) and ((not ( ((self.is_qos) and (self.header.is_amsdu)) )))) 
        return getattr(self, '_m_carries_llc', None)

    def _invalidate_carries_llc(self):
        del self._m_carries_llc
    @property
    def is_data(self):
        """A data frame (whose header is read when the protocol version is 0)."""
        if hasattr(self, '_m_is_data'):
            return self._m_is_data

        self._m_is_data = self.frame_type == Ieee80211Frame.FrameType.data
        return getattr(self, '_m_is_data', None)

    def _invalidate_is_data(self):
        del self._m_is_data
    @property
    def is_qos(self):
        if hasattr(self, '_m_is_qos'):
            return self._m_is_qos

        self._m_is_qos =  ((self.is_data) and ((self.subtype // 8) % 2 != 0)) 
        return getattr(self, '_m_is_qos', None)

    def _invalidate_is_qos(self):
        del self._m_is_qos

