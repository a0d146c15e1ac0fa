# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mme_types


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MmePlayers(KaitaiStruct):
    """Payloads of the packets about players: chat, announcing and denouncing players,
    abilities, positions, skins and projectiles. Every type parses the payload substream of
    one packet; optional fields are present when the payload is long enough, and bytes
    beyond the largest documented size are kept as `ignored`.
    
    .. seealso::
       protocol.txt, "Packet Type Constants"
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(MmePlayers, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class AnnouncePlayer(KaitaiStruct):
        """ANNOUNCE_PLAYER (1 minimum). The document calls the name "S24": a null-filled name
        of at most 24 bytes. Decision: the color is present from 2 bytes on, the name from 3
        bytes on and takes the rest of the payload up to 24 bytes (cut at the first NUL);
        more than 26 bytes are `ignored`. A field the payload does not reach keeps its
        previous value (the 1-byte packet re-announces a denounced player).
        
        .. seealso::
           protocol.txt, "PACKET_ANNOUNCE_PLAYER 9"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmePlayers.AnnouncePlayer, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.player_id = self._io.read_u1()
            if not self.player_id >= 1:
                raise kaitaistruct.ValidationLessThanError(1, self.player_id, self._io, u"/types/announce_player/seq/0")
            if self._io.size() >= 2:
                pass
                self.color = KaitaiStream.resolve_enum(mme_types.MmeTypes.Color, self._io.read_u1())

            if self._io.size() >= 3:
                pass
                self.name = (KaitaiStream.bytes_terminate(self._io.read_bytes((24 if self._io.size() >= 26 else self._io.size() - 2)), 0, False)).decode(u"ISO-8859-1")

            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if self._io.size() >= 2:
                pass

            if self._io.size() >= 3:
                pass


        @property
        def keeps_color(self):
            """The color keeps its previous value."""
            if hasattr(self, '_m_keeps_color'):
                return self._m_keeps_color

            self._m_keeps_color = self._io.size() < 2
            return getattr(self, '_m_keeps_color', None)

        @property
        def keeps_name(self):
            """The name keeps its previous value."""
            if hasattr(self, '_m_keeps_name'):
                return self._m_keeps_name

            self._m_keeps_name = self._io.size() < 3
            return getattr(self, '_m_keeps_name', None)


    class ChatMessage(KaitaiStruct):
        """CHAT_MESSAGE (1 minimum). Player id 0 is the server. Colors are switched inside
        the text by ESC (27) followed by a color number (see mme_types::color).
        
        .. seealso::
           protocol.txt, "PACKET_CHAT_MESSAGE 8"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmePlayers.ChatMessage, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.player_id = self._io.read_u1()
            self.message = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")


        def _fetch_instances(self):
            pass

        @property
        def from_server(self):
            """Player id 0 - a message from the server."""
            if hasattr(self, '_m_from_server'):
                return self._m_from_server

            self._m_from_server = self.player_id == 0
            return getattr(self, '_m_from_server', None)


    class DenouncePlayer(KaitaiStruct):
        """DENOUNCE_PLAYER (1). Stop rendering a player; its name and color are kept.
        
        .. seealso::
           protocol.txt, "PACKET_DENOUNCE_PLAYER 10"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmePlayers.DenouncePlayer, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.player_id = self._io.read_u1()
            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class MovePlayer(KaitaiStruct):
        """MOVE_PLAYER (20, 21). Without a player id (20 bytes) or with id 0 the client
        teleports its own player to this position.
        
        .. seealso::
           protocol.txt, "PACKET_MOVE_PLAYER 24"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmePlayers.MovePlayer, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.x = self._io.read_f4le()
            self.y = self._io.read_f4le()
            self.z = self._io.read_f4le()
            self.u = self._io.read_f4le()
            self.v = self._io.read_f4le()
            if self._io.size() >= 21:
                pass
                self.player_id = self._io.read_u1()

            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if self._io.size() >= 21:
                pass


        @property
        def teleports_self(self):
            """No player id, or player id 0 - the receiving client's own player moves."""
            if hasattr(self, '_m_teleports_self'):
                return self._m_teleports_self

            self._m_teleports_self =  ((self._io.size() < 21) or (self.player_id == 0)) 
            return getattr(self, '_m_teleports_self', None)


    class PlayerAbilities(KaitaiStruct):
        """PLAYER_ABILITIES (10, 26): what the client should allow the player to do. The
        16 bytes of the 26-byte variant are documented as not yet implemented.
        
        .. seealso::
           protocol.txt, "PACKET_PLAYER_ABILITIES 11"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmePlayers.PlayerAbilities, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.permissions = MmePlayers.PlayerAbilities.Permissions(self._io, self, self._root)
            self.box_volume_limit = self._io.read_u4le()
            self.box_dimension_limit = self._io.read_u2le()
            if self._io.size() >= 26:
                pass
                self.box_dimension_limit_2 = self._io.read_u2le()

            if self._io.size() >= 26:
                pass
                self.box_dimension_limit_3 = self._io.read_u2le()

            if self._io.size() >= 26:
                pass
                self.copy_volume_limit = self._io.read_u4le()

            if self._io.size() >= 26:
                pass
                self.copy_dimension_limit_1 = self._io.read_u2le()

            if self._io.size() >= 26:
                pass
                self.copy_dimension_limit_2 = self._io.read_u2le()

            if self._io.size() >= 26:
                pass
                self.copy_dimension_limit_3 = self._io.read_u2le()

            if self._io.size() >= 26:
                pass
                self.max_chat_length = self._io.read_u2le()

            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            self.permissions._fetch_instances()
            if self._io.size() >= 26:
                pass

            if self._io.size() >= 26:
                pass

            if self._io.size() >= 26:
                pass

            if self._io.size() >= 26:
                pass

            if self._io.size() >= 26:
                pass

            if self._io.size() >= 26:
                pass

            if self._io.size() >= 26:
                pass


        class Permissions(KaitaiStruct):
            """U4 bit mask of binary permissions, bit 0 first.
            
            .. seealso::
               protocol.txt, "PACKET_PLAYER_ABILITIES 11" (U4 bit mask)
            """
            def __init__(self, _io, _parent=None, _root=None):
                super(MmePlayers.PlayerAbilities.Permissions, self).__init__(_io)
                self._parent = _parent
                self._root = _root
                self._read()

            def _read(self):
                self.allow_flying = self._io.read_bits_int_le(1) != 0
                self.allow_fast_flying = self._io.read_bits_int_le(1) != 0
                self.allow_noclip = self._io.read_bits_int_le(1) != 0
                self.reserved = self._io.read_bits_int_le(29)


            def _fetch_instances(self):
                pass



    class PlayerSkin(KaitaiStruct):
        """PLAYER_SKIN (0, 3; the prose adds 1). Three bytes set the texture of a player
        model; one byte resets that model to its internal default. Decision: an empty
        packet names no model and changes nothing; 2 bytes count as 1.
        
        .. seealso::
           protocol.txt, "PACKET_PLAYER_SKIN 45"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmePlayers.PlayerSkin, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            if self._io.size() >= 1:
                pass
                self.model_id = self._io.read_u1()
                if not self.model_id >= 1:
                    raise kaitaistruct.ValidationLessThanError(1, self.model_id, self._io, u"/types/player_skin/seq/0")

            if self._io.size() >= 3:
                pass
                self.texture_id = self._io.read_u2le()

            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if self._io.size() >= 1:
                pass

            if self._io.size() >= 3:
                pass


        @property
        def resets(self):
            """The model's texture goes back to the internal default."""
            if hasattr(self, '_m_resets'):
                return self._m_resets

            self._m_resets =  ((self._io.size() >= 1) and (self._io.size() < 3)) 
            return getattr(self, '_m_resets', None)


    class ProjectileCollision(KaitaiStruct):
        """PROJECTILE_COLLISION (15): sent by the client that fired the projectile when it hit
        a block or a player model.
        
        .. seealso::
           protocol.txt, "PACKET_PROJECTILE_COLLISION 49"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmePlayers.ProjectileCollision, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.projectile_type = KaitaiStream.resolve_enum(mme_types.MmeTypes.ProjectileType, self._io.read_u1())
            self.x = self._io.read_f4le()
            self.y = self._io.read_f4le()
            self.z = self._io.read_f4le()
            self.collision_type = KaitaiStream.resolve_enum(mme_types.MmeTypes.CollisionType, self._io.read_u1())
            self.thing_id = self._io.read_u1()
            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class ProjectileCreate(KaitaiStruct):
        """PROJECTILE_CREATE (21): a player fired a weapon; other clients draw the projectile.
        
        .. seealso::
           protocol.txt, "PACKET_PROJECTILE_CREATE 48"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmePlayers.ProjectileCreate, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.projectile_type = KaitaiStream.resolve_enum(mme_types.MmeTypes.ProjectileType, self._io.read_u1())
            self.x = self._io.read_f4le()
            self.y = self._io.read_f4le()
            self.z = self._io.read_f4le()
            self.u = self._io.read_f4le()
            self.v = self._io.read_f4le()
            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass



