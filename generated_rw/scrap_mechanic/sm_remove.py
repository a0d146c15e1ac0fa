# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmRemove(ReadWriteKaitaiStruct):
    """The body of a 35 Remove packet after LZ4 decompression (Client -> Server, 33 bytes):
    sent when the player removes a shape or lift (joints: 39 Remove Joint). Vec3i values
    are sent Z, Y, X (`sm_common::vec3i32_zyx`). Packets with a Removed Surface the page
    does not list do nothing; their 8 bytes stay bytes here.
    
    .. seealso::
       35 - Remove, section Structure
    """

    class RemovedSurface(IntEnum):
        body = 4
        lift = 6
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmRemove, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.local_position_high = sm_common.SmCommon.Vec3i32Zyx(self._io)
        self.local_position_high._read()
        self.local_position_low = sm_common.SmCommon.Vec3i32Zyx(self._io)
        self.local_position_low._read()
        self.removed_surface = KaitaiStream.resolve_enum(SmRemove.RemovedSurface, self._io.read_u1())
        _on = self.removed_surface
        if _on == SmRemove.RemovedSurface.body:
            pass
            self._raw_removed_surface_data = self._io.read_bytes(8)
            _io__raw_removed_surface_data = KaitaiStream(BytesIO(self._raw_removed_surface_data))
            self.removed_surface_data = SmRemove.RemovedSurfaceBody(_io__raw_removed_surface_data, self, self._root)
            self.removed_surface_data._read()
        elif _on == SmRemove.RemovedSurface.lift:
            pass
            self._raw_removed_surface_data = self._io.read_bytes(8)
            _io__raw_removed_surface_data = KaitaiStream(BytesIO(self._raw_removed_surface_data))
            self.removed_surface_data = SmRemove.RemovedSurfaceLift(_io__raw_removed_surface_data, self, self._root)
            self.removed_surface_data._read()
        else:
            pass
            self.removed_surface_data = self._io.read_bytes(8)
        self._dirty = False


    def _fetch_instances(self):
        pass
        self.local_position_high._fetch_instances()
        self.local_position_low._fetch_instances()
        _on = self.removed_surface
        if _on == SmRemove.RemovedSurface.body:
            pass
            self.removed_surface_data._fetch_instances()
        elif _on == SmRemove.RemovedSurface.lift:
            pass
            self.removed_surface_data._fetch_instances()
        else:
            pass


    def _write__seq(self, io=None):
        super(SmRemove, self)._write__seq(io)
        self.local_position_high._write__seq(self._io)
        self.local_position_low._write__seq(self._io)
        self._io.write_u1(int(self.removed_surface))
        _on = self.removed_surface
        if _on == SmRemove.RemovedSurface.body:
            pass
            _io__raw_removed_surface_data = KaitaiStream(BytesIO(bytearray(8)))
            self._io.add_child_stream(_io__raw_removed_surface_data)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (8))
            def handler(parent, _io__raw_removed_surface_data=_io__raw_removed_surface_data):
                self._raw_removed_surface_data = _io__raw_removed_surface_data.to_byte_array()
                if len(self._raw_removed_surface_data) != 8:
                    raise kaitaistruct.ConsistencyError(u"raw(removed_surface_data)", 8, len(self._raw_removed_surface_data))
                parent.write_bytes(self._raw_removed_surface_data)
            _io__raw_removed_surface_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.removed_surface_data._write__seq(_io__raw_removed_surface_data)
        elif _on == SmRemove.RemovedSurface.lift:
            pass
            _io__raw_removed_surface_data = KaitaiStream(BytesIO(bytearray(8)))
            self._io.add_child_stream(_io__raw_removed_surface_data)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (8))
            def handler(parent, _io__raw_removed_surface_data=_io__raw_removed_surface_data):
                self._raw_removed_surface_data = _io__raw_removed_surface_data.to_byte_array()
                if len(self._raw_removed_surface_data) != 8:
                    raise kaitaistruct.ConsistencyError(u"raw(removed_surface_data)", 8, len(self._raw_removed_surface_data))
                parent.write_bytes(self._raw_removed_surface_data)
            _io__raw_removed_surface_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.removed_surface_data._write__seq(_io__raw_removed_surface_data)
        else:
            pass
            self._io.write_bytes(self.removed_surface_data)


    def _check(self):
        _on = self.removed_surface
        if _on == SmRemove.RemovedSurface.body:
            pass
            if self.removed_surface_data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"removed_surface_data", self._root, self.removed_surface_data._root)
            if self.removed_surface_data._parent != self:
                raise kaitaistruct.ConsistencyError(u"removed_surface_data", self, self.removed_surface_data._parent)
        elif _on == SmRemove.RemovedSurface.lift:
            pass
            if self.removed_surface_data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"removed_surface_data", self._root, self.removed_surface_data._root)
            if self.removed_surface_data._parent != self:
                raise kaitaistruct.ConsistencyError(u"removed_surface_data", self, self.removed_surface_data._parent)
        else:
            pass
            if len(self.removed_surface_data) != 8:
                raise kaitaistruct.ConsistencyError(u"removed_surface_data", 8, len(self.removed_surface_data))
        self._dirty = False

    class RemovedSurfaceBody(ReadWriteKaitaiStruct):
        """A shape of a body.
        
        .. seealso::
           35 - Remove, section RemovedSurface 4 - Body
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmRemove.RemovedSurfaceBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.shape_id = self._io.read_u4be()
            self.body_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmRemove.RemovedSurfaceBody, self)._write__seq(io)
            self._io.write_u4be(self.shape_id)
            self._io.write_u4be(self.body_id)


        def _check(self):
            self._dirty = False


    class RemovedSurfaceLift(ReadWriteKaitaiStruct):
        """A lift.
        
        .. seealso::
           35 - Remove, section RemovedSurface 6 - Lift
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmRemove.RemovedSurfaceLift, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.unknown = self._io.read_bytes(4)
            self.lift_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmRemove.RemovedSurfaceLift, self)._write__seq(io)
            self._io.write_bytes(self.unknown)
            self._io.write_u4be(self.lift_id)


        def _check(self):
            if len(self.unknown) != 4:
                raise kaitaistruct.ConsistencyError(u"unknown", 4, len(self.unknown))
            self._dirty = False



