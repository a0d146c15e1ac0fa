# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_common


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmCompoundBody(ReadWriteKaitaiStruct):
    """The body of a 29 Compound Packet after LZ4 decompression: sub-packets until the end,
    each as if it had arrived on its own but not compressed. The wirestruct runtime first
    walks the size prefixes itself, counting sub-packets against its item limit, and hands
    this spec only the sub-packets within it; it then decodes every sub-packet in order as
    its own packet. In the Web IDE their bodies stay bytes (open them with the body spec of
    their packet id).
    
    A sub-packet can be any server-to-client packet documented as LZ4 compressed: 02 Server
    Info (`sm_server_info`), 11 Script Initialization Data
    (`sm_script_initialization_data`), 13 Generic Initialization Data
    (`sm_generic_initialization_data`), 18 Display Message (`sm_display_message`), 19
    Display Alert Text (`sm_display_alert_text`), 21/22 Network Update
    (`sm_network_update_body` once the runtime expanded the deltas), 24 Unreliable Update
    (`sm_unreliable_update`), 25 Script Data (S->C) (`sm_script_data_s2c`), 27 Generic Data
    (S->C) (`sm_generic_data_s2c`), and 29 itself. Their bodies are not compressed here, so
    those specs open them as they are. (A sub-packet of a packet documented as not
    compressed would open as `sm_packet` routes it.)
    
    .. seealso::
       29 - Compound Packet, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmCompoundBody, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.subpackets = []
        i = 0
        while not self._io.is_eof():
            _t_subpackets = SmCompoundBody.Subpacket(self._io, self, self._root)
            try:
                _t_subpackets._read()
            finally:
                self.subpackets.append(_t_subpackets)
            i += 1

        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.subpackets)):
            pass
            self.subpackets[i]._fetch_instances()



    def _write__seq(self, io=None):
        super(SmCompoundBody, self)._write__seq(io)
        for i in range(len(self.subpackets)):
            pass
            if self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"subpackets", 0, self._io.size() - self._io.pos())
            self.subpackets[i]._write__seq(self._io)

        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"subpackets", 0, self._io.size() - self._io.pos())


    def _check(self):
        for i in range(len(self.subpackets)):
            pass
            if self.subpackets[i]._root != self._root:
                raise kaitaistruct.ConsistencyError(u"subpackets", self._root, self.subpackets[i]._root)
            if self.subpackets[i]._parent != self:
                raise kaitaistruct.ConsistencyError(u"subpackets", self, self.subpackets[i]._parent)

        self._dirty = False

    class Subpacket(ReadWriteKaitaiStruct):
        """
        .. seealso::
           29 - Compound Packet, section Subpacket Structure
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmCompoundBody.Subpacket, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_subpacket = self._io.read_u4be()
            if not self.len_subpacket >= 1:
                raise kaitaistruct.ValidationLessThanError(1, self.len_subpacket, self._io, u"/types/subpacket/seq/0")
            self.packet_id = KaitaiStream.resolve_enum(sm_common.SmCommon.PacketId, self._io.read_u1())
            self.body = self._io.read_bytes(self.len_subpacket - 1)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmCompoundBody.Subpacket, self)._write__seq(io)
            self._io.write_u4be(self.len_subpacket)
            self._io.write_u1(int(self.packet_id))
            self._io.write_bytes(self.body)


        def _check(self):
            if not self.len_subpacket >= 1:
                raise kaitaistruct.ValidationLessThanError(1, self.len_subpacket, None, u"/types/subpacket/seq/0")
            if len(self.body) != self.len_subpacket - 1:
                raise kaitaistruct.ConsistencyError(u"body", self.len_subpacket - 1, len(self.body))
            self._dirty = False



