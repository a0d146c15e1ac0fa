# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_interact
from . import sm_checksums_accepted
from . import sm_harvestable_destroy
from . import sm_common
from . import sm_legacy
from . import sm_hello
from . import sm_request_passphrase
from . import sm_respond_passphrase
from . import sm_join_confirmation
from . import sm_client_accepted


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmPacket(KaitaiStruct):
    """One packet as it travels: a packet id byte, then the body, whose size is what Steam's
    networking delivered.
    
    Packets documented as not LZ4 compressed (01 Hello, 03 Request Passphrase, 04 Respond
    Passphrase, 05 Client Accepted, 07 Checksums Accepted, 10 Join Confirmation, 40
    Harvestable Destroy, 50 Interact, 51 Legacy) are routed here by packet id: their body
    opens with its spec straight from the packet, in the Web IDE too. Each layout is the
    same in both directions (01 Hello, the one id the page sends both ways, has no data).
    
    The bodies of the packets documented as LZ4 compressed are a single raw LZ4 block with
    no size prefix, so this spec keeps them as bytes (as it does for ids no page documents).
    The wirestruct runtime decompresses the body (into a buffer capped by wirestruct.limits)
    and the expanded body opens with the body spec of its packet id, named in the doc of
    each `sm_common::packet_id` value: for instance `sm_network_update_body` (21, 22; delta
    updates already expanded), `sm_unreliable_update` (24), `sm_compound_body` (29),
    `sm_player_movement` (30), `sm_server_info` (02). Sub-packets of a 29 are not
    compressed: their bodies open with those specs directly (21/22 only once the runtime
    expanded their deltas).
    
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
    def __init__(self, _io, _parent=None, _root=None):
        super(SmPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.packet_id = KaitaiStream.resolve_enum(sm_common.SmCommon.PacketId, self._io.read_u1())
        _on = self.packet_id
        if _on == sm_common.SmCommon.PacketId.checksums_accepted:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = sm_checksums_accepted.SmChecksumsAccepted(_io__raw_body)
        elif _on == sm_common.SmCommon.PacketId.client_accepted:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = sm_client_accepted.SmClientAccepted(_io__raw_body)
        elif _on == sm_common.SmCommon.PacketId.harvestable_destroy:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = sm_harvestable_destroy.SmHarvestableDestroy(_io__raw_body)
        elif _on == sm_common.SmCommon.PacketId.hello:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = sm_hello.SmHello(_io__raw_body)
        elif _on == sm_common.SmCommon.PacketId.interact:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = sm_interact.SmInteract(_io__raw_body)
        elif _on == sm_common.SmCommon.PacketId.join_confirmation:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = sm_join_confirmation.SmJoinConfirmation(_io__raw_body)
        elif _on == sm_common.SmCommon.PacketId.legacy:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = sm_legacy.SmLegacy(_io__raw_body)
        elif _on == sm_common.SmCommon.PacketId.request_passphrase:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = sm_request_passphrase.SmRequestPassphrase(_io__raw_body)
        elif _on == sm_common.SmCommon.PacketId.respond_passphrase:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = sm_respond_passphrase.SmRespondPassphrase(_io__raw_body)
        else:
            pass
            self.body = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.packet_id
        if _on == sm_common.SmCommon.PacketId.checksums_accepted:
            pass
            self.body._fetch_instances()
        elif _on == sm_common.SmCommon.PacketId.client_accepted:
            pass
            self.body._fetch_instances()
        elif _on == sm_common.SmCommon.PacketId.harvestable_destroy:
            pass
            self.body._fetch_instances()
        elif _on == sm_common.SmCommon.PacketId.hello:
            pass
            self.body._fetch_instances()
        elif _on == sm_common.SmCommon.PacketId.interact:
            pass
            self.body._fetch_instances()
        elif _on == sm_common.SmCommon.PacketId.join_confirmation:
            pass
            self.body._fetch_instances()
        elif _on == sm_common.SmCommon.PacketId.legacy:
            pass
            self.body._fetch_instances()
        elif _on == sm_common.SmCommon.PacketId.request_passphrase:
            pass
            self.body._fetch_instances()
        elif _on == sm_common.SmCommon.PacketId.respond_passphrase:
            pass
            self.body._fetch_instances()
        else:
            pass


