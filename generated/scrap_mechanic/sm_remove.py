# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmRemove(KaitaiStruct):
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
    def __init__(self, _io, _parent=None, _root=None):
        super(SmRemove, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.local_position_high = sm_common.SmCommon.Vec3i32Zyx(self._io)
        self.local_position_low = sm_common.SmCommon.Vec3i32Zyx(self._io)
        self.removed_surface = KaitaiStream.resolve_enum(SmRemove.RemovedSurface, self._io.read_u1())
        _on = self.removed_surface
        if _on == SmRemove.RemovedSurface.body:
            pass
            self._raw_removed_surface_data = self._io.read_bytes(8)
            _io__raw_removed_surface_data = KaitaiStream(BytesIO(self._raw_removed_surface_data))
            self.removed_surface_data = SmRemove.RemovedSurfaceBody(_io__raw_removed_surface_data, self, self._root)
        elif _on == SmRemove.RemovedSurface.lift:
            pass
            self._raw_removed_surface_data = self._io.read_bytes(8)
            _io__raw_removed_surface_data = KaitaiStream(BytesIO(self._raw_removed_surface_data))
            self.removed_surface_data = SmRemove.RemovedSurfaceLift(_io__raw_removed_surface_data, self, self._root)
        else:
            pass
            self.removed_surface_data = self._io.read_bytes(8)


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

    class RemovedSurfaceBody(KaitaiStruct):
        """A shape of a body.
        
        .. seealso::
           35 - Remove, section RemovedSurface 4 - Body
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmRemove.RemovedSurfaceBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.shape_id = self._io.read_u4be()
            self.body_id = self._io.read_u4be()


        def _fetch_instances(self):
            pass


    class RemovedSurfaceLift(KaitaiStruct):
        """A lift.
        
        .. seealso::
           35 - Remove, section RemovedSurface 6 - Lift
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmRemove.RemovedSurfaceLift, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.unknown = self._io.read_bytes(4)
            self.lift_id = self._io.read_u4be()


        def _fetch_instances(self):
            pass



