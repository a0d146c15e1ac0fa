# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_common


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmPacket(ReadWriteKaitaiStruct):
    """One packet as it travels: a packet id byte, then the body, whose size is what Steam's
    networking delivered. The bodies of the documented packets (21, 22, 24, 29, 30) are a
    single raw LZ4 block with no size prefix, so this spec keeps the body as bytes. The
    wirestruct runtime decompresses it (into a buffer capped by wirestruct.limits) and the
    expanded body opens with the body spec of its packet: `sm_network_update_body` (21,
    22; delta updates already expanded), `sm_unreliable_update` (24), `sm_compound_body`
    (29) or `sm_player_movement` (30). Sub-packets of a 29 are not compressed: their bodies
    open with those specs directly (21/22 only once the runtime expanded their deltas).
    
    .. seealso::
       Format, section Structure
    
    
    .. seealso::
       21 - Initialization Network Update
    
    
    .. seealso::
       22 - Network Update
    
    
    .. seealso::
       24 - Unreliable Update
    
    
    .. seealso::
       29 - Compound Packet
    
    
    .. seealso::
       30 - Player Movement
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.packet_id = KaitaiStream.resolve_enum(sm_common.SmCommon.PacketId, self._io.read_u1())
        self.body = self._io.read_bytes_full()
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(SmPacket, self)._write__seq(io)
        self._io.write_u1(int(self.packet_id))
        self._io.write_bytes(self.body)
        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"body", 0, self._io.size() - self._io.pos())


    def _check(self):
        self._dirty = False


