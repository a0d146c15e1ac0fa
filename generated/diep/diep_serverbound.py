# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import diep_types
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class DiepServerbound(KaitaiStruct):
    """One serverbound (client to server) diep.io packet, as it is once the transport's
    encryption layer is removed: a header byte (the packet id), then the body.
    
    .. seealso::
       serverbound.md
    """

    class InputFlag(IntEnum):
        fire = 1
        up = 2
        left = 4
        down = 8
        right = 16
        god_mode = 32
        suicide = 64
        right_mouse = 128
        instant_upgrade = 256
        use_joysticks = 512
        use_gamepad = 1024
        switch_class = 2048
        adblock = 4096

    class ServerboundPacketId(IntEnum):
        init = 0
        input = 1
        spawn = 2
        stat_upgrade = 3
        tank_upgrade = 4
        heartbeat = 5
        tcp_init = 6
        extension_found = 7
        to_respawn = 8
        take_tank = 9
        pow_answer = 10
        js_result = 11
    def __init__(self, _io, _parent=None, _root=None):
        super(DiepServerbound, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.packet_id = KaitaiStream.resolve_enum(DiepServerbound.ServerboundPacketId, self._io.read_u1())
        if not isinstance(self.packet_id, DiepServerbound.ServerboundPacketId):
            raise kaitaistruct.ValidationNotInEnumError(self.packet_id, self._io, u"/seq/0")
        _on = self.packet_id
        if _on == DiepServerbound.ServerboundPacketId.extension_found:
            pass
            self.body = DiepServerbound.ExtensionFound(self._io, self, self._root)
        elif _on == DiepServerbound.ServerboundPacketId.init:
            pass
            self.body = DiepServerbound.Init(self._io, self, self._root)
        elif _on == DiepServerbound.ServerboundPacketId.input:
            pass
            self.body = DiepServerbound.Input(self._io, self, self._root)
        elif _on == DiepServerbound.ServerboundPacketId.js_result:
            pass
            self.body = DiepServerbound.JsResult(self._io, self, self._root)
        elif _on == DiepServerbound.ServerboundPacketId.pow_answer:
            pass
            self.body = DiepServerbound.PowAnswer(self._io, self, self._root)
        elif _on == DiepServerbound.ServerboundPacketId.spawn:
            pass
            self.body = DiepServerbound.Spawn(self._io, self, self._root)
        elif _on == DiepServerbound.ServerboundPacketId.stat_upgrade:
            pass
            self.body = DiepServerbound.StatUpgrade(self._io, self, self._root)
        elif _on == DiepServerbound.ServerboundPacketId.tank_upgrade:
            pass
            self.body = DiepServerbound.TankUpgrade(self._io, self, self._root)
        elif _on == DiepServerbound.ServerboundPacketId.tcp_init:
            pass
            self.body = DiepServerbound.TcpInit(self._io, self, self._root)


    def _fetch_instances(self):
        pass
        _on = self.packet_id
        if _on == DiepServerbound.ServerboundPacketId.extension_found:
            pass
            self.body._fetch_instances()
        elif _on == DiepServerbound.ServerboundPacketId.init:
            pass
            self.body._fetch_instances()
        elif _on == DiepServerbound.ServerboundPacketId.input:
            pass
            self.body._fetch_instances()
        elif _on == DiepServerbound.ServerboundPacketId.js_result:
            pass
            self.body._fetch_instances()
        elif _on == DiepServerbound.ServerboundPacketId.pow_answer:
            pass
            self.body._fetch_instances()
        elif _on == DiepServerbound.ServerboundPacketId.spawn:
            pass
            self.body._fetch_instances()
        elif _on == DiepServerbound.ServerboundPacketId.stat_upgrade:
            pass
            self.body._fetch_instances()
        elif _on == DiepServerbound.ServerboundPacketId.tank_upgrade:
            pass
            self.body._fetch_instances()
        elif _on == DiepServerbound.ServerboundPacketId.tcp_init:
            pass
            self.body._fetch_instances()

    class ExtensionFound(KaitaiStruct):
        """0x07, sent when the client detects a modification; the document gives no layout.
        
        .. seealso::
           serverbound.md "0x07 Extension Found Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepServerbound.ExtensionFound, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.data = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class Init(KaitaiStruct):
        """0x00, the first packet of a connection and the only one sent without the
        transport's encoding.
        
        .. seealso::
           serverbound.md "0x00 Init Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepServerbound.Init, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.build = diep_types.DiepTypes.StringNt(self._io)
            self.dev_password = diep_types.DiepTypes.StringNt(self._io)
            self.party_code = diep_types.DiepTypes.StringNt(self._io)
            self.player_token = diep_types.DiepTypes.StringNt(self._io)
            if (not (self._io.is_eof())):
                pass
                self.debug_value = diep_types.DiepTypes.Vu(self._io)



        def _fetch_instances(self):
            pass
            self.build._fetch_instances()
            self.dev_password._fetch_instances()
            self.party_code._fetch_instances()
            self.player_token._fetch_instances()
            if (not (self._io.is_eof())):
                pass
                self.debug_value._fetch_instances()



    class Input(KaitaiStruct):
        """0x01, the client's inputs: flags, the mouse position in world units, and the
        joystick axes when `use_joysticks` is set. The most frequent serverbound packet.
        
        .. seealso::
           serverbound.md "0x01 Input Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepServerbound.Input, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.flags = DiepServerbound.InputFlags(self._io, self, self._root)
            self.mouse_x = diep_types.DiepTypes.Vf(self._io)
            self.mouse_y = diep_types.DiepTypes.Vf(self._io)
            if self.flags.use_joysticks:
                pass
                self.axis_x = diep_types.DiepTypes.Vf(self._io)

            if self.flags.use_joysticks:
                pass
                self.axis_y = diep_types.DiepTypes.Vf(self._io)



        def _fetch_instances(self):
            pass
            self.flags._fetch_instances()
            self.mouse_x._fetch_instances()
            self.mouse_y._fetch_instances()
            if self.flags.use_joysticks:
                pass
                self.axis_x._fetch_instances()

            if self.flags.use_joysticks:
                pass
                self.axis_y._fetch_instances()



    class InputFlags(KaitaiStruct):
        """The input bitflags, a `vu`, lowest bit first; one named boolean per bit (the bit
        values are listed in enum input_flag). The document's example `99 10` is 2073: fire,
        down and right.
        
        .. seealso::
           serverbound.md "0x01 Input Packet"
        
        
        .. seealso::
           data.md "bitflags"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepServerbound.InputFlags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.bits = diep_types.DiepTypes.Vu(self._io)


        def _fetch_instances(self):
            pass
            self.bits._fetch_instances()

        @property
        def adblock(self):
            """Left over from when the game detected ad blockers."""
            if hasattr(self, '_m_adblock'):
                return self._m_adblock

            self._m_adblock = (self.bits.value // 4096) % 2 != 0
            return getattr(self, '_m_adblock', None)

        @property
        def down(self):
            """The down key is held."""
            if hasattr(self, '_m_down'):
                return self._m_down

            self._m_down = (self.bits.value // 8) % 2 != 0
            return getattr(self, '_m_down', None)

        @property
        def fire(self):
            """Left mouse or space held, or autofire on."""
            if hasattr(self, '_m_fire'):
                return self._m_fire

            self._m_fire = self.bits.value % 2 != 0
            return getattr(self, '_m_fire', None)

        @property
        def god_mode(self):
            """God mode was toggled."""
            if hasattr(self, '_m_god_mode'):
                return self._m_god_mode

            self._m_god_mode = (self.bits.value // 32) % 2 != 0
            return getattr(self, '_m_god_mode', None)

        @property
        def instant_upgrade(self):
            """The upgrade key is held."""
            if hasattr(self, '_m_instant_upgrade'):
                return self._m_instant_upgrade

            self._m_instant_upgrade = (self.bits.value // 256) % 2 != 0
            return getattr(self, '_m_instant_upgrade', None)

        @property
        def left(self):
            """The left key is held."""
            if hasattr(self, '_m_left'):
                return self._m_left

            self._m_left = (self.bits.value // 4) % 2 != 0
            return getattr(self, '_m_left', None)

        @property
        def right(self):
            """The right key is held."""
            if hasattr(self, '_m_right'):
                return self._m_right

            self._m_right = (self.bits.value // 16) % 2 != 0
            return getattr(self, '_m_right', None)

        @property
        def right_mouse(self):
            """Shift or right click held."""
            if hasattr(self, '_m_right_mouse'):
                return self._m_right_mouse

            self._m_right_mouse = (self.bits.value // 128) % 2 != 0
            return getattr(self, '_m_right_mouse', None)

        @property
        def suicide(self):
            """The suicide key is held."""
            if hasattr(self, '_m_suicide'):
                return self._m_suicide

            self._m_suicide = (self.bits.value // 64) % 2 != 0
            return getattr(self, '_m_suicide', None)

        @property
        def switch_class(self):
            """The switch-class key is held."""
            if hasattr(self, '_m_switch_class'):
                return self._m_switch_class

            self._m_switch_class = (self.bits.value // 2048) % 2 != 0
            return getattr(self, '_m_switch_class', None)

        @property
        def up(self):
            """The up key is held."""
            if hasattr(self, '_m_up'):
                return self._m_up

            self._m_up = (self.bits.value // 2) % 2 != 0
            return getattr(self, '_m_up', None)

        @property
        def use_gamepad(self):
            """A gamepad is in use instead of a keyboard; it has no effect on the game."""
            if hasattr(self, '_m_use_gamepad'):
                return self._m_use_gamepad

            self._m_use_gamepad = (self.bits.value // 1024) % 2 != 0
            return getattr(self, '_m_use_gamepad', None)

        @property
        def use_joysticks(self):
            """Movement comes as two axes after the mouse position instead of the four key flags."""
            if hasattr(self, '_m_use_joysticks'):
                return self._m_use_joysticks

            self._m_use_joysticks = (self.bits.value // 512) % 2 != 0
            return getattr(self, '_m_use_joysticks', None)


    class JsResult(KaitaiStruct):
        """0x0B, the result of a clientbound 0x0D challenge: its id, then the result, an
        integer `vu` in current builds (older builds could send a string). A wrong result
        closes the connection.
        
        .. seealso::
           serverbound.md "0x0B JS Result Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepServerbound.JsResult, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.id = diep_types.DiepTypes.Vu(self._io)
            self.result = diep_types.DiepTypes.Vu(self._io)


        def _fetch_instances(self):
            pass
            self.id._fetch_instances()
            self.result._fetch_instances()


    class PowAnswer(KaitaiStruct):
        """0x0A, the answer to a clientbound 0x0B proof-of-work challenge. A wrong answer ends
        the connection and bans the address.
        
        .. seealso::
           serverbound.md "0x0A PoW Answer Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepServerbound.PowAnswer, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.answer = diep_types.DiepTypes.StringNt(self._io)


        def _fetch_instances(self):
            pass
            self.answer._fetch_instances()


    class Spawn(KaitaiStruct):
        """0x02, a spawn request with the chosen name. The server spawns the player only once
        the proof-of-work challenge is solved; a second request while waiting changes the
        name.
        
        .. seealso::
           serverbound.md "0x02 Spawn Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepServerbound.Spawn, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.name = diep_types.DiepTypes.StringNt(self._io)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()


    class StatUpgrade(KaitaiStruct):
        """0x03, upgrade a stat. The index is 0-based in reverse order of the stat list
        (`8 - normal index`), XORed with the build's stat xor (magicNum % 8).
        
        .. seealso::
           serverbound.md "0x03 Stat Upgrade Packet"
        
        
        .. seealso::
           serverbound.md "Magic Tank and Stat XOR"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepServerbound.StatUpgrade, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.stat_index_xored = diep_types.DiepTypes.Vi(self._io)
            self.stat_max = diep_types.DiepTypes.Vi(self._io)


        def _fetch_instances(self):
            pass
            self.stat_index_xored._fetch_instances()
            self.stat_max._fetch_instances()


    class TankUpgrade(KaitaiStruct):
        """0x04, upgrade to a tank; ignored when the tank is not on the player's upgrade path
        or needs more levels.
        
        .. seealso::
           serverbound.md "0x04 Tank Upgrade Packet"
        
        
        .. seealso::
           serverbound.md "Magic Tank and Stat XOR"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepServerbound.TankUpgrade, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tank_id_xored = diep_types.DiepTypes.Vi(self._io)


        def _fetch_instances(self):
            pass
            self.tank_id_xored._fetch_instances()


    class TcpInit(KaitaiStruct):
        """0x06, never observed; lets the server acknowledge TCP connections (mobile). A u32 of
        unknown meaning, then unknown bytes.
        
        .. seealso::
           serverbound.md "0x06 TCP Init Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepServerbound.TcpInit, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.unknown = self._io.read_u4le()
            self.rest = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass



