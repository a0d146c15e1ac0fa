# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmLiftImportCreation(KaitaiStruct):
    """The body of a 45 Lift Import Creation packet after LZ4 decompression (Client ->
    Server): sent when the player imports a creation onto the lift. It carries a
    `blueprint.json` compressed a second time, with LZ4 block compression (no size prefix).
    That block stays bytes: the runtime expands it with `uncompressed_size` (python-lz4's
    `lz4.block.decompress` needs it), after checking it against its limits, since the size
    is the sender's word. The result is JSON text.
    
    Decision where the page contradicts itself: its offset column puts the compressed data
    at 0x14, but the three fields before it end at 0x0C; the fields' sizes are followed
    (the data starts at 0x0C and is `compressed_size` bytes long). Bytes after it, if any,
    are kept in `unknown_rest`.
    
    .. seealso::
       45 - Lift Import Creation, section Structure
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmLiftImportCreation, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.lift_id = self._io.read_u4be()
        self.uncompressed_size = self._io.read_u4be()
        self.len_compressed_blueprint_data = self._io.read_u4be()
        self.compressed_blueprint_data = self._io.read_bytes(self.len_compressed_blueprint_data)
        self.unknown_rest = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass


