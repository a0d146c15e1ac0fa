# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmDisplayMessage(ReadWriteKaitaiStruct):
    """The body of an 18 Display Message packet after LZ4 decompression (Server -> Client):
    a message shown in a warning pop-up, as alert text, or in the chat, by its type string
    (`location`). A `<WARNING>` with one of the special messages shows a hardcoded caption
    and body (`special_message`). The two texts are laid out as `String` structures
    (`sm_string`); they are read field by field, as the page's table lists them.
    
    .. seealso::
       18 - Display Message, section Structure
    """

    class Location(IntEnum):
        chat = 0
        popup = 1
        alert_text = 2

    class SpecialMessage(IntEnum):
        none = 0
        warning_tunneling = 1
        version_mismatch = 2
        connection_failed = 3
        connection_timeout = 4
        connection_lost = 5
        server_shutdown = 6
        kicked_from_server = 7
        unload_mod = 8
        invalid_shape_id = 9
        error_message = 10
        database_error_message = 11
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmDisplayMessage, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.len_message_type = self._io.read_u2be()
        self.message_type = (self._io.read_bytes(self.len_message_type)).decode(u"UTF-8")
        self.len_message = self._io.read_u2be()
        self.message = (self._io.read_bytes(self.len_message)).decode(u"UTF-8")
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(SmDisplayMessage, self)._write__seq(io)
        self._io.write_u2be(self.len_message_type)
        self._io.write_bytes((self.message_type).encode(u"UTF-8"))
        self._io.write_u2be(self.len_message)
        self._io.write_bytes((self.message).encode(u"UTF-8"))


    def _check(self):
        if len((self.message_type).encode(u"UTF-8")) != self.len_message_type:
            raise kaitaistruct.ConsistencyError(u"message_type", self.len_message_type, len((self.message_type).encode(u"UTF-8")))
        if len((self.message).encode(u"UTF-8")) != self.len_message:
            raise kaitaistruct.ConsistencyError(u"message", self.len_message, len((self.message).encode(u"UTF-8")))
        self._dirty = False

    @property
    def location(self):
        """Where the message is displayed, by its type (Message types)."""
        if hasattr(self, '_m_location'):
            return self._m_location

        self._m_location = KaitaiStream.resolve_enum(SmDisplayMessage.Location, (1 if self.message_type == u"<WARNING>" else (2 if self.message_type == u"<ALERT>" else 0)))
        return getattr(self, '_m_location', None)

    def _invalidate_location(self):
        del self._m_location
    @property
    def special_message(self):
        """For a `<WARNING>`: which special message sets the pop-up's caption and body
        (Special messages); `none` when the message is the caption itself.
        """
        if hasattr(self, '_m_special_message'):
            return self._m_special_message

        self._m_special_message = KaitaiStream.resolve_enum(SmDisplayMessage.SpecialMessage, (0 if self.location != SmDisplayMessage.Location.popup else (1 if self.message == u"WARNING_TUNNELING" else (2 if self.message == u"VERSION_MISMATCH" else (3 if self.message == u"CONNECTION_FAILED" else (4 if self.message == u"CONNECTION_TIMEOUT" else (5 if self.message == u"CONNECTION_LOST" else (6 if self.message == u"SERVER_SHUTDOWN" else (7 if self.message == u"KICKED_FROM_SERVER" else (8 if self.message == u"UNLOAD_MOD" else (9 if self.message == u"INVALID_SHAPE_ID" else (10 if self.message == u"ERROR_MESSAGE" else (11 if self.message == u"DATABASE_ERROR_MESSAGE" else 0)))))))))))))
        return getattr(self, '_m_special_message', None)

    def _invalidate_special_message(self):
        del self._m_special_message

