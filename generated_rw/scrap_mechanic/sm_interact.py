# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmInteract(ReadWriteKaitaiStruct):
    """The body of a 50 Interact packet (Client -> Server): sent when the player interacts
    with an interactable (pressing, unpressing, interacting). Not LZ4 compressed:
    `sm_packet` routes its body here. The layout depends on the first byte, the packet type.
    
    The page is a work in progress. Packet types it does not list keep their data as bytes;
    bytes after the documented fields of a listed type are kept in `unknown_rest`.
    
    Bearing Setting (0xFA) is listed twice, by size: 21 bytes with a float value, 18 with a
    boolean. Decision: the two are told apart by the setting index at 0x0F, which the page
    documents per table (0x01..0x04 float settings, 0x10 the lock). Both tables put the
    value at 0x11 after a one-byte index at 0x0F, so the byte at 0x10 is not described; it
    is read as `unknown_2`. The float is read big-endian and the boolean as a byte, the page
    naming neither's width or order (the sizes 21 and 18 fit a 4-byte float and a 1-byte
    boolean).
    
    .. seealso::
       50 - Interact, section Structure
    """

    class BearingSettingIndex(IntEnum):
        l_turn_speed = 1
        r_turn_speed = 2
        r_turn_angle = 3
        l_turn_angle = 4
        bearing_lock = 16

    class PacketType(IntEnum):
        suspension_height = 96
        other = 128
        set_seated = 144
        bearing_setting = 250
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmInteract, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.packet_type = KaitaiStream.resolve_enum(SmInteract.PacketType, self._io.read_u1())
        _on = self.packet_type
        if _on == SmInteract.PacketType.bearing_setting:
            pass
            self.data = SmInteract.BearingSetting(self._io, self, self._root)
            self.data._read()
        elif _on == SmInteract.PacketType.other:
            pass
            self.data = SmInteract.Other(self._io, self, self._root)
            self.data._read()
        elif _on == SmInteract.PacketType.set_seated:
            pass
            self.data = SmInteract.SetSeated(self._io, self, self._root)
            self.data._read()
        elif _on == SmInteract.PacketType.suspension_height:
            pass
            self.data = SmInteract.SuspensionHeight(self._io, self, self._root)
            self.data._read()
        else:
            pass
            self.data = SmInteract.UnknownPacketType(self._io, self, self._root)
            self.data._read()
        self.unknown_rest = self._io.read_bytes_full()
        self._dirty = False


    def _fetch_instances(self):
        pass
        _on = self.packet_type
        if _on == SmInteract.PacketType.bearing_setting:
            pass
            self.data._fetch_instances()
        elif _on == SmInteract.PacketType.other:
            pass
            self.data._fetch_instances()
        elif _on == SmInteract.PacketType.set_seated:
            pass
            self.data._fetch_instances()
        elif _on == SmInteract.PacketType.suspension_height:
            pass
            self.data._fetch_instances()
        else:
            pass
            self.data._fetch_instances()


    def _write__seq(self, io=None):
        super(SmInteract, self)._write__seq(io)
        self._io.write_u1(int(self.packet_type))
        _on = self.packet_type
        if _on == SmInteract.PacketType.bearing_setting:
            pass
            self.data._write__seq(self._io)
        elif _on == SmInteract.PacketType.other:
            pass
            self.data._write__seq(self._io)
        elif _on == SmInteract.PacketType.set_seated:
            pass
            self.data._write__seq(self._io)
        elif _on == SmInteract.PacketType.suspension_height:
            pass
            self.data._write__seq(self._io)
        else:
            pass
            self.data._write__seq(self._io)
        self._io.write_bytes(self.unknown_rest)
        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"unknown_rest", 0, self._io.size() - self._io.pos())


    def _check(self):
        _on = self.packet_type
        if _on == SmInteract.PacketType.bearing_setting:
            pass
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
        elif _on == SmInteract.PacketType.other:
            pass
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
        elif _on == SmInteract.PacketType.set_seated:
            pass
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
        elif _on == SmInteract.PacketType.suspension_height:
            pass
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
        else:
            pass
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
        self._dirty = False

    class BearingSetting(ReadWriteKaitaiStruct):
        """Bearing Setting (see the spec's doc for the two sizes).
        
        .. seealso::
           50 - Interact, section Bearing Setting (Size=21) 0xfA
        
        
        
        .. seealso::
           50 - Interact, section Bearing Setting (Size=18) 0xfA
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmInteract.BearingSetting, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.unknown = self._io.read_bytes(14)
            self.setting = KaitaiStream.resolve_enum(SmInteract.BearingSettingIndex, self._io.read_u1())
            self.unknown_2 = self._io.read_bytes(1)
            if self.is_float_setting:
                pass
                self.float_value = self._io.read_f4be()

            if self.setting == SmInteract.BearingSettingIndex.bearing_lock:
                pass
                self.lock_value = self._io.read_u1()

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.is_float_setting:
                pass

            if self.setting == SmInteract.BearingSettingIndex.bearing_lock:
                pass



        def _write__seq(self, io=None):
            super(SmInteract.BearingSetting, self)._write__seq(io)
            self._io.write_bytes(self.unknown)
            self._io.write_u1(int(self.setting))
            self._io.write_bytes(self.unknown_2)
            if self.is_float_setting:
                pass
                self._io.write_f4be(self.float_value)

            if self.setting == SmInteract.BearingSettingIndex.bearing_lock:
                pass
                self._io.write_u1(self.lock_value)



        def _check(self):
            if len(self.unknown) != 14:
                raise kaitaistruct.ConsistencyError(u"unknown", 14, len(self.unknown))
            if len(self.unknown_2) != 1:
                raise kaitaistruct.ConsistencyError(u"unknown_2", 1, len(self.unknown_2))
            if self.is_float_setting:
                pass

            if self.setting == SmInteract.BearingSettingIndex.bearing_lock:
                pass

            self._dirty = False

        @property
        def is_float_setting(self):
            """Whether the setting's value is a float (Size=21) rather than a boolean (Size=18)."""
            if hasattr(self, '_m_is_float_setting'):
                return self._m_is_float_setting

            self._m_is_float_setting =  ((self.setting == SmInteract.BearingSettingIndex.l_turn_speed) or (self.setting == SmInteract.BearingSettingIndex.r_turn_speed) or (self.setting == SmInteract.BearingSettingIndex.r_turn_angle) or (self.setting == SmInteract.BearingSettingIndex.l_turn_angle)) 
            return getattr(self, '_m_is_float_setting', None)

        def _invalidate_is_float_setting(self):
            del self._m_is_float_setting

    class Other(ReadWriteKaitaiStruct):
        """Buttons and switches etc.; the last byte is the state (the page's comment).
        
        .. seealso::
           50 - Interact, section Other 0x80
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmInteract.Other, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.interactable_id = self._io.read_u4be()
            self.state = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmInteract.Other, self)._write__seq(io)
            self._io.write_u4be(self.interactable_id)
            self._io.write_u1(self.state)


        def _check(self):
            self._dirty = False


    class SetSeated(ReadWriteKaitaiStruct):
        """Entering seats.
        
        .. seealso::
           50 - Interact, section Set seated 0x90
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmInteract.SetSeated, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.interactable_id = self._io.read_u4be()
            self.player_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmInteract.SetSeated, self)._write__seq(io)
            self._io.write_u4be(self.interactable_id)
            self._io.write_u4be(self.player_id)


        def _check(self):
            self._dirty = False


    class SuspensionHeight(ReadWriteKaitaiStruct):
        """Suspension Height.
        
        .. seealso::
           50 - Interact, section Suspension Height 0x60
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmInteract.SuspensionHeight, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.interactable_id = self._io.read_u4be()
            self.value = self._io.read_u2be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmInteract.SuspensionHeight, self)._write__seq(io)
            self._io.write_u4be(self.interactable_id)
            self._io.write_u2be(self.value)


        def _check(self):
            self._dirty = False


    class UnknownPacketType(ReadWriteKaitaiStruct):
        """A packet type the page does not list.
        
        .. seealso::
           50 - Interact, section Structure
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmInteract.UnknownPacketType, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.data = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmInteract.UnknownPacketType, self)._write__seq(io)
            self._io.write_bytes(self.data)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"data", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False



