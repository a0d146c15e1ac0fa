# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import llc_snap
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Ieee80211Frame(KaitaiStruct):
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
    def __init__(self, has_fcs, has_data_pad, _io, _parent=None, _root=None):
        super(Ieee80211Frame, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.has_fcs = has_fcs
        self.has_data_pad = has_data_pad
        self._read()

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

        _on = self.carries_llc
        if _on == True:
            pass
            self._raw_body = self._io.read_bytes((self._io.size() - self._io.pos()) - (4 if self.has_fcs else 0))
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = llc_snap.LlcSnap(_io__raw_body)
        else:
            pass
            self.body = self._io.read_bytes((self._io.size() - self._io.pos()) - (4 if self.has_fcs else 0))
        if self.has_fcs:
            pass
            self.fcs = self._io.read_bytes(4)



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


    class DataHeader(KaitaiStruct):
        """The addresses and control fields of a data frame after the duration.
        
        .. seealso::
           IEEE 802.11-2020 section 9.3.2.1
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(Ieee80211Frame.DataHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

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


        def _fetch_instances(self):
            pass
            if  ((self._parent.to_ds) and (self._parent.from_ds)) :
                pass

            if self._parent.is_qos:
                pass

            if  ((self._parent.is_qos) and (self._parent.order)) :
                pass


        @property
        def is_amsdu(self):
            """The body is an aggregate of MSDUs (A-MSDU present bit)."""
            if hasattr(self, '_m_is_amsdu'):
                return self._m_is_amsdu

            self._m_is_amsdu = ((self.qos_control // 128) % 2 != 0 if self._parent.is_qos else False)
            return getattr(self, '_m_is_amsdu', None)


    @property
    def carries_llc(self):
        if hasattr(self, '_m_carries_llc'):
            return self._m_carries_llc

        self._m_carries_llc =  ((self.is_data) and (self.protocol_version == 0) and ( ((self.subtype == 0) or (self.subtype == 8)) ) and ((not (self.is_protected))) and ((not ( ((self.is_qos) and (self.header.is_amsdu)) )))) 
        return getattr(self, '_m_carries_llc', None)

    @property
    def is_data(self):
        """A data frame (whose header is read when the protocol version is 0)."""
        if hasattr(self, '_m_is_data'):
            return self._m_is_data

        self._m_is_data = self.frame_type == Ieee80211Frame.FrameType.data
        return getattr(self, '_m_is_data', None)

    @property
    def is_qos(self):
        if hasattr(self, '_m_is_qos'):
            return self._m_is_qos

        self._m_is_qos =  ((self.is_data) and ((self.subtype // 8) % 2 != 0)) 
        return getattr(self, '_m_is_qos', None)


