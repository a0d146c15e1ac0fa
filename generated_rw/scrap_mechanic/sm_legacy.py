# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmLegacy(ReadWriteKaitaiStruct):
    """The body of a 51 Legacy packet: no data. Never sent by a vanilla client (Client ->
    Server); when the server receives it, `false && "Legacy"` is printed to its console. Not
    LZ4 compressed: `sm_packet` routes its body here.
    
    .. seealso::
       51 - Legacy, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmLegacy, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(SmLegacy, self)._write__seq(io)


    def _check(self):
        self._dirty = False


