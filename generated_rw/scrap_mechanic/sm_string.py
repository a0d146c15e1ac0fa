# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmString(ReadWriteKaitaiStruct):
    """The `String` structure of the network protocol: a be u16 size in bytes, then that many
    bytes of UTF-8 text (a "Pascal string"). Used by 02 Server Info, 09 Character Info and
    the BlobData payloads of 13 and 27/28. Bytes that are not UTF-8 fail the parse (the
    structure is documented as UTF-8 text).
    
    Other texts of the protocol are laid out differently and are read where they occur: the
    Lua `String` (be u32 size, bit stream, `sm_lua_object`), the size-less passphrase of 04,
    the one-byte-sized name of the Player Data payload (`sm_blob_player_data`), the texts of
    18 (the same layout, written out field by field as its page does) and 19 (whose size may
    disagree with its text).
    
    .. seealso::
       String, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmString, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.len_text = self._io.read_u2be()
        self.text = (self._io.read_bytes(self.len_text)).decode(u"UTF-8")
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(SmString, self)._write__seq(io)
        self._io.write_u2be(self.len_text)
        self._io.write_bytes((self.text).encode(u"UTF-8"))


    def _check(self):
        if len((self.text).encode(u"UTF-8")) != self.len_text:
            raise kaitaistruct.ConsistencyError(u"text", self.len_text, len((self.text).encode(u"UTF-8")))
        self._dirty = False


