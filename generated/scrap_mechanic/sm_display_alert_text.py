# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmDisplayAlertText(KaitaiStruct):
    """The body of a 19 Display Alert Text packet after LZ4 decompression (Server -> Client):
    an alert message.
    
    The size need not match the message, the page says: a size shorter than the message
    cuts off the end of the displayed message, a larger one displays only the alert icon,
    no text. So the message is read to the end of the body (the body's length, not the
    size, says where it ends) and the size is kept as sent; `is_cut` and `shows_text` say
    what the game displays. Normally the size is the message's byte length.
    
    .. seealso::
       19 - Display Alert Text, section Structure
    """

    class KnownMessage(IntEnum):
        other = 0
        info_inventory_full = 1
        host_does_not_support_shape = 2
    def __init__(self, _io, _parent=None, _root=None):
        super(SmDisplayAlertText, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.len_message = self._io.read_u2be()
        self.message = (self._io.read_bytes_full()).decode(u"UTF-8")


    def _fetch_instances(self):
        pass

    @property
    def is_cut(self):
        """Whether the size is shorter than the message, so the game cuts its end off."""
        if hasattr(self, '_m_is_cut'):
            return self._m_is_cut

        self._m_is_cut = self.len_message < self.len_sent
        return getattr(self, '_m_is_cut', None)

    @property
    def known_message(self):
        """Which of the known messages this is (Known messages); `other` for the rest."""
        if hasattr(self, '_m_known_message'):
            return self._m_known_message

        self._m_known_message = KaitaiStream.resolve_enum(SmDisplayAlertText.KnownMessage, (1 if self.message == u"#{INFO_INVENTORY_FULL}" else (2 if self.message == u"Your host does not support that shape" else 0)))
        return getattr(self, '_m_known_message', None)

    @property
    def len_sent(self):
        """The byte length of the message as sent (the body less the size field)."""
        if hasattr(self, '_m_len_sent'):
            return self._m_len_sent

        self._m_len_sent = self._io.size() - 2
        return getattr(self, '_m_len_sent', None)

    @property
    def shows_text(self):
        """Whether the game shows text (a size larger than the message shows only the icon)."""
        if hasattr(self, '_m_shows_text'):
            return self._m_shows_text

        self._m_shows_text = self.len_message <= self.len_sent
        return getattr(self, '_m_shows_text', None)


