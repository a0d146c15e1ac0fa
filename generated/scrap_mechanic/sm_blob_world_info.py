# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_string


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmBlobWorldInfo(KaitaiStruct):
    """The World Info payload of a BlobData (uid 3ff36c8b-93f7-4428-ae4d-429a6f0cf77d, key the
    world id as le u32, flags 13), after LZ4 decompression: every parameter passed to
    `sm.world.createWorld()` when the world was created.
    
    .. seealso::
       13 - Generic Initialization Data, section World Info
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmBlobWorldInfo, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.seed = self._io.read_u4be()
        self.filename = sm_string.SmString(self._io)
        self.classname = sm_string.SmString(self._io)
        self.terrain_params = sm_string.SmString(self._io)


    def _fetch_instances(self):
        pass
        self.filename._fetch_instances()
        self.classname._fetch_instances()
        self.terrain_params._fetch_instances()


