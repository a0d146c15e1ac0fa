# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_common


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmCompoundBody(KaitaiStruct):
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
    def __init__(self, _io, _parent=None, _root=None):
        super(SmCompoundBody, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.subpackets = []
        i = 0
        while not self._io.is_eof():
            self.subpackets.append(SmCompoundBody.Subpacket(self._io, self, self._root))
            i += 1



    def _fetch_instances(self):
        pass
        for i in range(len(self.subpackets)):
            pass
            self.subpackets[i]._fetch_instances()


    class Subpacket(KaitaiStruct):
        """
        .. seealso::
           29 - Compound Packet, section Subpacket Structure
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCompoundBody.Subpacket, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_subpacket = self._io.read_u4be()
            if not self.len_subpacket >= 1:
                raise kaitaistruct.ValidationLessThanError(1, self.len_subpacket, self._io, u"/types/subpacket/seq/0")
            self.packet_id = KaitaiStream.resolve_enum(sm_common.SmCommon.PacketId, self._io.read_u1())
            self.body = self._io.read_bytes(self.len_subpacket - 1)


        def _fetch_instances(self):
            pass



