# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mme_types


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MmeConnection(KaitaiStruct):
    """Payloads of the packets that manage the connection itself: pings, authentication,
    redirection, disconnection, the client version, the login-server cookie, the server
    name and the free-form RANDOM_GARBAGE. (The negotiation packets 0 and 1 are
    `mme_types::packet_type_set`.) Every type parses the payload substream of one packet;
    optional fields are present when the payload is long enough, as the document's size
    lists say, and bytes beyond the largest documented size are kept as `ignored`.
    
    .. seealso::
       protocol.txt, "Packet Type Constants"
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(MmeConnection, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class Authenticate(KaitaiStruct):
        """AUTHENTICATE (0, 24, 52). Empty when the client cannot authenticate; 24 bytes to
        supply only a name; 52 bytes with the full credentials from the login server.
        Sizes in between count as the next smaller size, the rest is `ignored`.
        
        .. seealso::
           protocol.txt, "PACKET_AUTHENTICATE 5"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeConnection.Authenticate, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            if  ((self._io.size() >= 24) and (self._io.size() < 52)) :
                pass
                self.name_only = (KaitaiStream.bytes_terminate(self._io.read_bytes(24), 0, False)).decode(u"ISO-8859-1")

            if self._io.size() >= 52:
                pass
                self.credentials = mme_types.MmeTypes.Credentials(self._io)

            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if  ((self._io.size() >= 24) and (self._io.size() < 52)) :
                pass

            if self._io.size() >= 52:
                pass
                self.credentials._fetch_instances()


        @property
        def has_token(self):
            """The 52-byte variant, with a token the server may check."""
            if hasattr(self, '_m_has_token'):
                return self._m_has_token

            self._m_has_token = self._io.size() >= 52
            return getattr(self, '_m_has_token', None)

        @property
        def name(self):
            """The name in either size variant ("" in the empty packet)."""
            if hasattr(self, '_m_name'):
                return self._m_name

            self._m_name = (self.credentials.name if self._io.size() >= 52 else (self.name_only if self._io.size() >= 24 else u""))
            return getattr(self, '_m_name', None)


    class ClientVersion(KaitaiStruct):
        """CLIENT_VERSION: a format byte, then the fields of that format. Only format 0 is
        defined (a U4 SVN revision, 5 bytes in all); other formats are kept as bytes.
        
        .. seealso::
           protocol.txt, "PACKET_CLIENT_VERSION 43"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeConnection.ClientVersion, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.format = self._io.read_u1()
            _on = self.format
            if _on == 0:
                pass
                self.version = MmeConnection.ClientVersion.VersionFormat0(self._io, self, self._root)
            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            _on = self.format
            if _on == 0:
                pass
                self.version._fetch_instances()

        class VersionFormat0(KaitaiStruct):
            """The fields of version format 0.
            
            .. seealso::
               protocol.txt, "PACKET_CLIENT_VERSION 43" (Format 0)
            """
            def __init__(self, _io, _parent=None, _root=None):
                super(MmeConnection.ClientVersion.VersionFormat0, self).__init__(_io)
                self._parent = _parent
                self._root = _root
                self._read()

            def _read(self):
                self.svn_revision = self._io.read_u4le()


            def _fetch_instances(self):
                pass



    class Connect(KaitaiStruct):
        """CONNECT (53 minimum): reconnect to another server, sending these credentials in the
        AUTHENTICATE to the next server.
        
        .. seealso::
           protocol.txt, "PACKET_CONNECT 6"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeConnection.Connect, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.credentials = mme_types.MmeTypes.Credentials(self._io)
            self.address = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")


        def _fetch_instances(self):
            pass
            self.credentials._fetch_instances()


    class Disconnect(KaitaiStruct):
        """DISCONNECT (any size): every field is optional and present as far as the payload
        reaches.
        
        .. seealso::
           protocol.txt, "PACKET_DISCONNECT 7"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeConnection.Disconnect, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            if self._io.size() >= 1:
                pass
                self.reason_code = KaitaiStream.resolve_enum(mme_types.MmeTypes.DisconnectReason, self._io.read_u1())

            if self._io.size() >= 2:
                pass
                self.reconnect_delay = self._io.read_u1()

            if self._io.size() >= 3:
                pass
                self.reason = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")



        def _fetch_instances(self):
            pass
            if self._io.size() >= 1:
                pass

            if self._io.size() >= 2:
                pass

            if self._io.size() >= 3:
                pass



    class Ping(KaitaiStruct):
        """PING_REQUEST / PING_RESPONSE (any size): an opaque payload the receiver returns
        unchanged in a PING_RESPONSE.
        
        .. seealso::
           protocol.txt, "PACKET_PING_REQUEST 2"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeConnection.Ping, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.data = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class PortalCookie(KaitaiStruct):
        """PORTAL_COOKIE (0, 20): from the login server, 20 bytes set the cookie and an empty
        packet deletes it; from the client, the stored cookie or an empty packet.
        
        .. seealso::
           protocol.txt, "PACKET_PORTAL_COOKIE 44"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeConnection.PortalCookie, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            if self._io.size() >= 20:
                pass
                self.cookie = self._io.read_bytes(20)

            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if self._io.size() >= 20:
                pass


        @property
        def deletes(self):
            """An empty packet (no cookie)."""
            if hasattr(self, '_m_deletes'):
                return self._m_deletes

            self._m_deletes = self._io.size() < 20
            return getattr(self, '_m_deletes', None)


    class RandomGarbage(KaitaiStruct):
        """RANDOM_GARBAGE (any size): private data between software that knows each other,
        which should start with a unique identifier (16 bytes recommended).
        
        .. seealso::
           protocol.txt, "PACKET_RANDOM_GARBAGE 13"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeConnection.RandomGarbage, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.data = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class ServerName(KaitaiStruct):
        """SERVER_NAME (any size); shown in the title bar of the game window.
        
        .. seealso::
           protocol.txt, "PACKET_SERVER_NAME 47"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeConnection.ServerName, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.name = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")


        def _fetch_instances(self):
            pass



