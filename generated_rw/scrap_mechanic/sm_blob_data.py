# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmBlobData(ReadWriteKaitaiStruct):
    """One `BlobData`: data of a kind named by `uid`, under a key, for a world, compressed
    with LZ4. Packets 11, 13, 25, 26, 27 and 28 carry them until the end of their body. The
    `GenericDataManager` and `ScriptDataManager` of the game manage them.
    
    The data stays bytes here: it is one raw LZ4 block (no size prefix; the expanded size
    is not sent, so the runtime must cap the expansion). The expanded payload opens with the
    spec `known_uid` names: `sm_lua_object` (Terrain Data), `sm_blob_world_info`,
    `sm_blob_gameplay_options`, `sm_blob_player_data` or `sm_blob_chat_message`; the
    payloads of other uids are not documented.
    
    The table's offsets after `Key` (World ID at 0x12, ...) do not count the key's size;
    the fields follow one another, so World ID is at 0x12 + Key Size.
    
    .. seealso::
       BlobData, section Structure
    """

    class KnownUid(IntEnum):
        unknown = 0
        terrain_data = 1
        world_info = 2
        gameplay_options = 3
        player_data = 4
        chat_message = 5

    class SpecialWorldId(IntEnum):
        no_world = 65534
        any_world = 65535
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmBlobData, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.uid = sm_common.SmCommon.Uuid(self._io)
        self.uid._read()
        self.len_key = self._io.read_u2be()
        self.key = self._io.read_bytes(self.len_key)
        self.world_id = KaitaiStream.resolve_enum(SmBlobData.SpecialWorldId, self._io.read_u2be())
        self.flags = self._io.read_u1()
        self.len_data = self._io.read_u4be()
        self.data = self._io.read_bytes(self.len_data)
        self._dirty = False


    def _fetch_instances(self):
        pass
        self.uid._fetch_instances()


    def _write__seq(self, io=None):
        super(SmBlobData, self)._write__seq(io)
        self.uid._write__seq(self._io)
        self._io.write_u2be(self.len_key)
        self._io.write_bytes(self.key)
        self._io.write_u2be(int(self.world_id))
        self._io.write_u1(self.flags)
        self._io.write_u4be(self.len_data)
        self._io.write_bytes(self.data)


    def _check(self):
        if len(self.key) != self.len_key:
            raise kaitaistruct.ConsistencyError(u"key", self.len_key, len(self.key))
        if len(self.data) != self.len_data:
            raise kaitaistruct.ConsistencyError(u"data", self.len_data, len(self.data))
        self._dirty = False

    @property
    def key_u32(self):
        """A 4-byte key read as the `le u32` the documented payloads use (a world id, a player
        id, a chat message number, or 0).
        """
        if hasattr(self, '_m_key_u32'):
            return self._m_key_u32

        if self.len_key == 4:
            pass
            self._m_key_u32 = ((KaitaiStream.byte_array_index(self.key, 0) + KaitaiStream.byte_array_index(self.key, 1) * 256) + KaitaiStream.byte_array_index(self.key, 2) * 65536) + KaitaiStream.byte_array_index(self.key, 3) * 16777216

        return getattr(self, '_m_key_u32', None)

    def _invalidate_key_u32(self):
        del self._m_key_u32
    @property
    def known_uid(self):
        """Which documented payload the uid names; `unknown` for the others."""
        if hasattr(self, '_m_known_uid'):
            return self._m_known_uid

        self._m_known_uid = KaitaiStream.resolve_enum(SmBlobData.KnownUid, (1 if self.uid.octets == b"\x61\xAA\x13\xD7\xE7\x15\x41\x53\xA2\x69\x4D\x33\x8C\x0C\x5B\xD4" else (2 if self.uid.octets == b"\x3F\xF3\x6C\x8B\x93\xF7\x44\x28\xAE\x4D\x42\x9A\x6F\x0C\xF7\x7D" else (3 if self.uid.octets == b"\x44\xAC\x02\x0C\xAE\xC7\x4F\x8B\xB2\x30\x34\xD2\xE3\xBD\x23\xEB" else (4 if self.uid.octets == b"\x51\x86\x88\x83\xD2\xD2\x49\x53\x91\x35\x1A\xB0\xBD\xC2\xA4\x7E" else (5 if self.uid.octets == b"\x46\x96\x88\x63\x09\x0A\x46\xB8\xAD\x99\x11\x59\xB5\x34\x50\xFE" else 0))))))
        return getattr(self, '_m_known_uid', None)

    def _invalidate_known_uid(self):
        del self._m_known_uid

