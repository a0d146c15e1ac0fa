# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmRemoveJoint(ReadWriteKaitaiStruct):
    """The body of a 39 Remove Joint packet after LZ4 decompression (Client -> Server): sent
    when the player removes a joint (35 Remove is not sent for joints).
    
    .. seealso::
       39 - Remove Joint, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmRemoveJoint, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.joint_id = self._io.read_u4be()
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(SmRemoveJoint, self)._write__seq(io)
        self._io.write_u4be(self.joint_id)


    def _check(self):
        self._dirty = False


