# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import mme_players
from . import mme_connection
from . import mme_assets
from . import mme_menu
from . import mme_map
from . import mme_types


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MmePacket(ReadWriteKaitaiStruct):
    """One packet of the Multiplayer Map Editor protocol as it travels on the TCP stream, in
    either direction: a U2 packet type, a U2 payload size (not counting these four bytes)
    and the payload, parsed by the type's payload spec.
    
    The document lists the valid payload sizes of each type. A payload longer than the
    largest listed size is parsed as that size and the excess is kept in the payload's
    `ignored` field; a size between two listed sizes counts as the smaller one. Payloads
    shorter than the smallest valid size are rejected by wirestruct's decoder, which names
    the packet and its sizes, before this spec runs. Types without a payload spec here
    (50 and above, future protocol versions) keep their payload as bytes.
    
    Layers: this spec frames the packet and routes on `packet_type` to the payload types
    of mme_connection, mme_players, mme_map, mme_assets and mme_menu, which share the
    types and tables of mme_types.
    
    .. seealso::
       protocol.txt, "Packet format" and "Packet Type Constants"
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(MmePacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.packet_type = KaitaiStream.resolve_enum(mme_types.MmeTypes.PacketType, self._io.read_u2le())
        self.len_payload = self._io.read_u2le()
        _on = int(self.packet_type)
        if _on == 0:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_types.MmeTypes.PacketTypeSet(_io__raw_payload)
            self.payload._read()
        elif _on == 1:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_types.MmeTypes.PacketTypeSet(_io__raw_payload)
            self.payload._read()
        elif _on == 10:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_players.MmePlayers.DenouncePlayer(_io__raw_payload)
            self.payload._read()
        elif _on == 11:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_players.MmePlayers.PlayerAbilities(_io__raw_payload)
            self.payload._read()
        elif _on == 12:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_map.MmeMap.MapLoading(_io__raw_payload)
            self.payload._read()
        elif _on == 13:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_connection.MmeConnection.RandomGarbage(_io__raw_payload)
            self.payload._read()
        elif _on == 14:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_map.MmeMap.MapSetup(_io__raw_payload)
            self.payload._read()
        elif _on == 15:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_map.MmeMap.MapProperties(_io__raw_payload)
            self.payload._read()
        elif _on == 16:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_map.MmeMap.MapFill(_io__raw_payload)
            self.payload._read()
        elif _on == 17:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_map.MmeMap.MapData(_io__raw_payload)
            self.payload._read()
        elif _on == 18:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_types.MmeTypes.Empty(_io__raw_payload)
            self.payload._read()
        elif _on == 19:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_map.MmeMap.CompressedChunk(_io__raw_payload)
            self.payload._read()
        elif _on == 2:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_connection.MmeConnection.Ping(_io__raw_payload)
            self.payload._read()
        elif _on == 20:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_types.MmeTypes.Empty(_io__raw_payload)
            self.payload._read()
        elif _on == 21:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_map.MmeMap.CompressedChunk(_io__raw_payload)
            self.payload._read()
        elif _on == 22:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_map.MmeMap.BufferIsMapData(_io__raw_payload)
            self.payload._read()
        elif _on == 23:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_types.MmeTypes.Empty(_io__raw_payload)
            self.payload._read()
        elif _on == 24:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_players.MmePlayers.MovePlayer(_io__raw_payload)
            self.payload._read()
        elif _on == 25:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_map.MmeMap.MapModify(_io__raw_payload)
            self.payload._read()
        elif _on == 26:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_assets.MmeAssets.FileRequest(_io__raw_payload)
            self.payload._read()
        elif _on == 27:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_assets.MmeAssets.TextureSetup(_io__raw_payload)
            self.payload._read()
        elif _on == 28:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_assets.MmeAssets.GroupSetup(_io__raw_payload)
            self.payload._read()
        elif _on == 29:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_assets.MmeAssets.BlockSetup(_io__raw_payload)
            self.payload._read()
        elif _on == 3:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_connection.MmeConnection.Ping(_io__raw_payload)
            self.payload._read()
        elif _on == 30:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuRequest(_io__raw_payload)
            self.payload._read()
        elif _on == 31:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuResponse(_io__raw_payload)
            self.payload._read()
        elif _on == 32:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuReset(_io__raw_payload)
            self.payload._read()
        elif _on == 33:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuText(_io__raw_payload)
            self.payload._read()
        elif _on == 34:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuWidget(_io__raw_payload)
            self.payload._read()
        elif _on == 35:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuWidget(_io__raw_payload)
            self.payload._read()
        elif _on == 36:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuWidget(_io__raw_payload)
            self.payload._read()
        elif _on == 37:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuInput(_io__raw_payload)
            self.payload._read()
        elif _on == 38:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuButton(_io__raw_payload)
            self.payload._read()
        elif _on == 39:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuErase(_io__raw_payload)
            self.payload._read()
        elif _on == 4:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_types.MmeTypes.Empty(_io__raw_payload)
            self.payload._read()
        elif _on == 40:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuSaltedPassword(_io__raw_payload)
            self.payload._read()
        elif _on == 41:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuResize(_io__raw_payload)
            self.payload._read()
        elif _on == 42:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_assets.MmeAssets.SkyBox(_io__raw_payload)
            self.payload._read()
        elif _on == 43:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_connection.MmeConnection.ClientVersion(_io__raw_payload)
            self.payload._read()
        elif _on == 44:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_connection.MmeConnection.PortalCookie(_io__raw_payload)
            self.payload._read()
        elif _on == 45:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_players.MmePlayers.PlayerSkin(_io__raw_payload)
            self.payload._read()
        elif _on == 46:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_menu.MmeMenu.MenuTexture(_io__raw_payload)
            self.payload._read()
        elif _on == 47:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_connection.MmeConnection.ServerName(_io__raw_payload)
            self.payload._read()
        elif _on == 48:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_players.MmePlayers.ProjectileCreate(_io__raw_payload)
            self.payload._read()
        elif _on == 49:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_players.MmePlayers.ProjectileCollision(_io__raw_payload)
            self.payload._read()
        elif _on == 5:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_connection.MmeConnection.Authenticate(_io__raw_payload)
            self.payload._read()
        elif _on == 6:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_connection.MmeConnection.Connect(_io__raw_payload)
            self.payload._read()
        elif _on == 7:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_connection.MmeConnection.Disconnect(_io__raw_payload)
            self.payload._read()
        elif _on == 8:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_players.MmePlayers.ChatMessage(_io__raw_payload)
            self.payload._read()
        elif _on == 9:
            pass
            self._raw_payload = self._io.read_bytes(self.len_payload)
            _io__raw_payload = KaitaiStream(BytesIO(self._raw_payload))
            self.payload = mme_players.MmePlayers.AnnouncePlayer(_io__raw_payload)
            self.payload._read()
        else:
            pass
            self.payload = self._io.read_bytes(self.len_payload)
        self._dirty = False


    def _fetch_instances(self):
        pass
        _on = int(self.packet_type)
        if _on == 0:
            pass
            self.payload._fetch_instances()
        elif _on == 1:
            pass
            self.payload._fetch_instances()
        elif _on == 10:
            pass
            self.payload._fetch_instances()
        elif _on == 11:
            pass
            self.payload._fetch_instances()
        elif _on == 12:
            pass
            self.payload._fetch_instances()
        elif _on == 13:
            pass
            self.payload._fetch_instances()
        elif _on == 14:
            pass
            self.payload._fetch_instances()
        elif _on == 15:
            pass
            self.payload._fetch_instances()
        elif _on == 16:
            pass
            self.payload._fetch_instances()
        elif _on == 17:
            pass
            self.payload._fetch_instances()
        elif _on == 18:
            pass
            self.payload._fetch_instances()
        elif _on == 19:
            pass
            self.payload._fetch_instances()
        elif _on == 2:
            pass
            self.payload._fetch_instances()
        elif _on == 20:
            pass
            self.payload._fetch_instances()
        elif _on == 21:
            pass
            self.payload._fetch_instances()
        elif _on == 22:
            pass
            self.payload._fetch_instances()
        elif _on == 23:
            pass
            self.payload._fetch_instances()
        elif _on == 24:
            pass
            self.payload._fetch_instances()
        elif _on == 25:
            pass
            self.payload._fetch_instances()
        elif _on == 26:
            pass
            self.payload._fetch_instances()
        elif _on == 27:
            pass
            self.payload._fetch_instances()
        elif _on == 28:
            pass
            self.payload._fetch_instances()
        elif _on == 29:
            pass
            self.payload._fetch_instances()
        elif _on == 3:
            pass
            self.payload._fetch_instances()
        elif _on == 30:
            pass
            self.payload._fetch_instances()
        elif _on == 31:
            pass
            self.payload._fetch_instances()
        elif _on == 32:
            pass
            self.payload._fetch_instances()
        elif _on == 33:
            pass
            self.payload._fetch_instances()
        elif _on == 34:
            pass
            self.payload._fetch_instances()
        elif _on == 35:
            pass
            self.payload._fetch_instances()
        elif _on == 36:
            pass
            self.payload._fetch_instances()
        elif _on == 37:
            pass
            self.payload._fetch_instances()
        elif _on == 38:
            pass
            self.payload._fetch_instances()
        elif _on == 39:
            pass
            self.payload._fetch_instances()
        elif _on == 4:
            pass
            self.payload._fetch_instances()
        elif _on == 40:
            pass
            self.payload._fetch_instances()
        elif _on == 41:
            pass
            self.payload._fetch_instances()
        elif _on == 42:
            pass
            self.payload._fetch_instances()
        elif _on == 43:
            pass
            self.payload._fetch_instances()
        elif _on == 44:
            pass
            self.payload._fetch_instances()
        elif _on == 45:
            pass
            self.payload._fetch_instances()
        elif _on == 46:
            pass
            self.payload._fetch_instances()
        elif _on == 47:
            pass
            self.payload._fetch_instances()
        elif _on == 48:
            pass
            self.payload._fetch_instances()
        elif _on == 49:
            pass
            self.payload._fetch_instances()
        elif _on == 5:
            pass
            self.payload._fetch_instances()
        elif _on == 6:
            pass
            self.payload._fetch_instances()
        elif _on == 7:
            pass
            self.payload._fetch_instances()
        elif _on == 8:
            pass
            self.payload._fetch_instances()
        elif _on == 9:
            pass
            self.payload._fetch_instances()
        else:
            pass


    def _write__seq(self, io=None):
        super(MmePacket, self)._write__seq(io)
        self._io.write_u2le(int(self.packet_type))
        self._io.write_u2le(self.len_payload)
        _on = int(self.packet_type)
        if _on == 0:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 1:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 10:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 11:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 12:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 13:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 14:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 15:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 16:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 17:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 18:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 19:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 2:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 20:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 21:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 22:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 23:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 24:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 25:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 26:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 27:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 28:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 29:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 3:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 30:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 31:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 32:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 33:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 34:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 35:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 36:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 37:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 38:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 39:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 4:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 40:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 41:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 42:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 43:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 44:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 45:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 46:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 47:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 48:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 49:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 5:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 6:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 7:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 8:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        elif _on == 9:
            pass
            _io__raw_payload = KaitaiStream(BytesIO(bytearray(self.len_payload)))
            self._io.add_child_stream(_io__raw_payload)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_payload))
            def handler(parent, _io__raw_payload=_io__raw_payload):
                self._raw_payload = _io__raw_payload.to_byte_array()
                if len(self._raw_payload) != self.len_payload:
                    raise kaitaistruct.ConsistencyError(u"raw(payload)", self.len_payload, len(self._raw_payload))
                parent.write_bytes(self._raw_payload)
            _io__raw_payload.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.payload._write__seq(_io__raw_payload)
        else:
            pass
            self._io.write_bytes(self.payload)


    def _check(self):
        _on = int(self.packet_type)
        if _on == 0:
            pass
        elif _on == 1:
            pass
        elif _on == 10:
            pass
        elif _on == 11:
            pass
        elif _on == 12:
            pass
        elif _on == 13:
            pass
        elif _on == 14:
            pass
        elif _on == 15:
            pass
        elif _on == 16:
            pass
        elif _on == 17:
            pass
        elif _on == 18:
            pass
        elif _on == 19:
            pass
        elif _on == 2:
            pass
        elif _on == 20:
            pass
        elif _on == 21:
            pass
        elif _on == 22:
            pass
        elif _on == 23:
            pass
        elif _on == 24:
            pass
        elif _on == 25:
            pass
        elif _on == 26:
            pass
        elif _on == 27:
            pass
        elif _on == 28:
            pass
        elif _on == 29:
            pass
        elif _on == 3:
            pass
        elif _on == 30:
            pass
        elif _on == 31:
            pass
        elif _on == 32:
            pass
        elif _on == 33:
            pass
        elif _on == 34:
            pass
        elif _on == 35:
            pass
        elif _on == 36:
            pass
        elif _on == 37:
            pass
        elif _on == 38:
            pass
        elif _on == 39:
            pass
        elif _on == 4:
            pass
        elif _on == 40:
            pass
        elif _on == 41:
            pass
        elif _on == 42:
            pass
        elif _on == 43:
            pass
        elif _on == 44:
            pass
        elif _on == 45:
            pass
        elif _on == 46:
            pass
        elif _on == 47:
            pass
        elif _on == 48:
            pass
        elif _on == 49:
            pass
        elif _on == 5:
            pass
        elif _on == 6:
            pass
        elif _on == 7:
            pass
        elif _on == 8:
            pass
        elif _on == 9:
            pass
        else:
            pass
            if len(self.payload) != self.len_payload:
                raise kaitaistruct.ConsistencyError(u"payload", self.len_payload, len(self.payload))
        self._dirty = False


