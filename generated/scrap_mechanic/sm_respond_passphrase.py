# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmRespondPassphrase(KaitaiStruct):
    """The body of a 04 Respond Passphrase packet: the client's answer to 03 Request
    Passphrase (Client -> Server). Not LZ4 compressed: `sm_packet` routes its body here.
    
    Decision where the page is unclear: its first field is named `Size` but "should be `$`
    (0x24)", and the passphrase runs "until the end of packet". Both are read as the page
    lists them: one byte, then the passphrase to the end of the body, whatever the byte
    says (0x24 is 36, the length of a UUID's text; the passphrase's length is not taken
    from it). The page does not name the text's encoding; it is read as UTF-8.
    
    .. seealso::
       04 - Respond Passphrase, section Structure
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmRespondPassphrase, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.size = self._io.read_u1()
        self.passphrase = (self._io.read_bytes_full()).decode(u"UTF-8")


    def _fetch_instances(self):
        pass


