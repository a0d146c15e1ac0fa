# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MmeTypes(KaitaiStruct):
    """The types and tables that several packets of the Multiplayer Map Editor protocol share:
    the packet type numbers, colors, disconnect reasons, map regions, the player credentials
    of AUTHENTICATE and CONNECT, packet type sets (the bit vectors of
    AVAILABLE_PACKET_TYPES / SELECT_PACKET_TYPES) and the flag byte of menu widgets.
    Imported by the packet specs of this folder; it parses nothing on its own.
    
    Fixed-size strings (the document's `Bx`) are null-filled: a string that fills its field
    has no terminator, a shorter one ends at the first NUL and the rest of the field is
    discarded. Text is decoded as ISO-8859-1 so every byte value maps to one character.
    
    .. seealso::
       protocol.txt, "data types" and "Colors"
    """

    class CollisionType(IntEnum):
        block = 0
        player_model = 1

    class Color(IntEnum):
        default = 0
        brown = 1
        red = 2
        orange = 3
        yellow = 4
        green = 5
        blue = 6
        purple = 7
        gray = 8
        white = 9
        black = 10
        rainbow = 11
        pink = 12
        silver = 13
        gold = 14
        ruby = 15
        emerald = 16

    class DisconnectReason(IntEnum):
        no_reason = 0
        error = 1
        reboot = 2
        full = 3
        idle = 4
        kick = 5
        ban = 6
        random = 7

    class PacketType(IntEnum):
        available_packet_types = 0
        select_packet_types = 1
        ping_request = 2
        ping_response = 3
        idle_ping = 4
        authenticate = 5
        connect = 6
        disconnect = 7
        chat_message = 8
        announce_player = 9
        denounce_player = 10
        player_abilities = 11
        map_loading = 12
        random_garbage = 13
        map_setup = 14
        map_properties = 15
        map_fill = 16
        map_data = 17
        map_total_reset = 18
        map_total_data = 19
        buffer_reset = 20
        buffer_append = 21
        buffer_is_map_data = 22
        buffer_is_file_data = 23
        move_player = 24
        map_modify = 25
        file_request = 26
        texture_setup = 27
        group_setup = 28
        block_setup = 29
        menu_request = 30
        menu_response = 31
        menu_reset = 32
        menu_text = 33
        menu_link = 34
        menu_check = 35
        menu_radio = 36
        menu_input = 37
        menu_button = 38
        menu_erase = 39
        menu_salted_password = 40
        menu_resize = 41
        sky_box = 42
        client_version = 43
        portal_cookie = 44
        player_skin = 45
        menu_texture = 46
        server_name = 47
        projectile_create = 48
        projectile_collision = 49

    class ProjectileType(IntEnum):
        create_block = 0
        destroy_block = 1
        other = 2
    def __init__(self, _io, _parent=None, _root=None):
        super(MmeTypes, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class Credentials(KaitaiStruct):
        """What the login server hands a player: the name, the global player id, a time and
        the token. Sent in AUTHENTICATE and forwarded in CONNECT. The token is the SHA-1 of
        the server's secret salt followed by the last three fields exactly as sent, so the
        unused part of the name must be NUL bytes.
        
        .. seealso::
           protocol.txt, "PACKET_AUTHENTICATE 5"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeTypes.Credentials, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.name = (KaitaiStream.bytes_terminate(self._io.read_bytes(24), 0, False)).decode(u"ISO-8859-1")
            self.player_id = self._io.read_u4le()
            self.time = self._io.read_u4le()
            self.token = self._io.read_bytes(20)


        def _fetch_instances(self):
            pass


    class Empty(KaitaiStruct):
        """A packet with no documented fields (IDLE_PING, MAP_TOTAL_RESET, BUFFER_RESET,
        BUFFER_IS_FILE_DATA). Any payload is a future extension and is kept as `ignored`.
        
        .. seealso::
           protocol.txt, "Packet Type Constants" (larger sizes are ignored)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeTypes.Empty, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class PacketTypeSet(KaitaiStruct):
        """A set of packet types as a little-endian bit vector: bit n (bit n % 8 of byte
        n / 8, least significant bit first) is set when packet type n is in the set. Zero
        bytes at the end need not be sent; types whose bits are missing are not in the set.
        The vector is kept as its bytes: one flag per bit would be up to 65,536 objects
        for a packet of 8 KiB, read one bit at a time.
        
        .. seealso::
           protocol.txt, "PACKET_AVAILABLE_PACKET_TYPES 0"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeTypes.PacketTypeSet, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.bitmap = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class Region(KaitaiStruct):
        """A box of the map given by two corners, both inclusive; S2 coordinates. The data
        for it is (size_x * size_y * size_z) bytes, x varying fastest, then y, then z.
        
        .. seealso::
           protocol.txt, "PACKET_MAP_DATA 17"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeTypes.Region, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.lower_x = self._io.read_s2le()
            self.lower_y = self._io.read_s2le()
            self.lower_z = self._io.read_s2le()
            self.upper_x = self._io.read_s2le()
            self.upper_y = self._io.read_s2le()
            self.upper_z = self._io.read_s2le()


        def _fetch_instances(self):
            pass

        @property
        def is_ordered(self):
            """The document requires the lower corner not to exceed the upper one."""
            if hasattr(self, '_m_is_ordered'):
                return self._m_is_ordered

            self._m_is_ordered =  ((self.lower_x <= self.upper_x) and (self.lower_y <= self.upper_y) and (self.lower_z <= self.upper_z)) 
            return getattr(self, '_m_is_ordered', None)

        @property
        def size_x(self):
            """Blocks along x (0 for a reversed region)."""
            if hasattr(self, '_m_size_x'):
                return self._m_size_x

            self._m_size_x = ((self.upper_x - self.lower_x) + 1 if self.is_ordered else 0)
            return getattr(self, '_m_size_x', None)

        @property
        def size_y(self):
            """Blocks along y (0 for a reversed region)."""
            if hasattr(self, '_m_size_y'):
                return self._m_size_y

            self._m_size_y = ((self.upper_y - self.lower_y) + 1 if self.is_ordered else 0)
            return getattr(self, '_m_size_y', None)

        @property
        def size_z(self):
            """Blocks along z (0 for a reversed region)."""
            if hasattr(self, '_m_size_z'):
                return self._m_size_z

            self._m_size_z = ((self.upper_z - self.lower_z) + 1 if self.is_ordered else 0)
            return getattr(self, '_m_size_z', None)

        @property
        def volume(self):
            """Number of blocks in the region, the decompressed size of its data."""
            if hasattr(self, '_m_volume'):
                return self._m_volume

            self._m_volume = (self.size_x * self.size_y) * self.size_z
            return getattr(self, '_m_volume', None)


    class WidgetFlags(KaitaiStruct):
        """The flag byte all server-menu widgets share (and MENU_RESPONSE echoes).
        
        .. seealso::
           protocol.txt, "Server-Side Menus"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeTypes.WidgetFlags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.active = self._io.read_bits_int_le(1) != 0
            self.live = self._io.read_bits_int_le(1) != 0
            self.disable = self._io.read_bits_int_le(1) != 0
            self.offset = self._io.read_bits_int_le(1) != 0
            self.reserved = self._io.read_bits_int_le(4)


        def _fetch_instances(self):
            pass



