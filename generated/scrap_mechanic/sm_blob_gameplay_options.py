# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_string
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmBlobGameplayOptions(KaitaiStruct):
    """The Gameplay Options payload of a BlobData (uid 44ac020c-aec7-4f8b-b230-34d2e3bd23eb,
    key 0 as le u32, no world, flags 15), after LZ4 decompression: the difficulty, the
    multiplayer setting and the physics quality, as JSON, for example
    `{"Difficulty":1,"Multiplayer":2,"PhysicsQuality":8}` and a newline. The values are
    listed in the enums (`difficulty`, `multiplayer`, `physics_quality`); they are inside
    the JSON text, which this spec does not take apart.
    
    .. seealso::
       13 - Generic Initialization Data, section Gameplay Options
    """

    class Difficulty(IntEnum):
        easy = 0
        normal = 1

    class Multiplayer(IntEnum):
        private = 0
        friends_only = 1
        friends_of_friends = 2
        public = 3

    class PhysicsQuality(IntEnum):
        simple_1 = 0
        advanced = 8
    def __init__(self, _io, _parent=None, _root=None):
        super(SmBlobGameplayOptions, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.options = sm_string.SmString(self._io)


    def _fetch_instances(self):
        pass
        self.options._fetch_instances()


