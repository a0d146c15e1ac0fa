-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("mme_types")
local str_decode = require("string_decode")
local utils = require("utils")

-- 
-- Payloads of the packets that manage the connection itself: pings, authentication,
-- redirection, disconnection, the client version, the login-server cookie, the server
-- name and the free-form RANDOM_GARBAGE. (The negotiation packets 0 and 1 are
-- `mme_types::packet_type_set`.) Every type parses the payload substream of one packet;
-- optional fields are present when the payload is long enough, as the document's size
-- lists say, and bytes beyond the largest documented size are kept as `ignored`.
-- See also: protocol.txt, "Packet Type Constants"
MmeConnection = class.class(KaitaiStruct)

function MmeConnection:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function MmeConnection:_read()
end


-- 
-- AUTHENTICATE (0, 24, 52). Empty when the client cannot authenticate; 24 bytes to
-- supply only a name; 52 bytes with the full credentials from the login server.
-- Sizes in between count as the next smaller size, the rest is `ignored`.
-- See also: protocol.txt, "PACKET_AUTHENTICATE 5"
MmeConnection.Authenticate = class.class(KaitaiStruct)

function MmeConnection.Authenticate:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeConnection.Authenticate:_read()
  if  ((self._io:size() >= 24) and (self._io:size() < 52))  then
    self.name_only = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes(24), 0, false), "ISO-8859-1")
  end
  if self._io:size() >= 52 then
    self.credentials = MmeTypes.Credentials(self._io)
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- The 52-byte variant, with a token the server may check.
MmeConnection.Authenticate.property.has_token = {}
function MmeConnection.Authenticate.property.has_token:get()
  if self._m_has_token ~= nil then
    return self._m_has_token
  end

  self._m_has_token = self._io:size() >= 52
  return self._m_has_token
end

-- 
-- The name in either size variant ("" in the empty packet).
MmeConnection.Authenticate.property.name = {}
function MmeConnection.Authenticate.property.name:get()
  if self._m_name ~= nil then
    return self._m_name
  end

  self._m_name = utils.box_unwrap((self._io:size() >= 52) and utils.box_wrap(self.credentials.name) or (utils.box_unwrap((self._io:size() >= 24) and utils.box_wrap(self.name_only) or (""))))
  return self._m_name
end

-- 
-- The player's name (B24) when the packet supplies only a name.
-- 
-- Name, global player id, time and token, all from the login server.
-- 
-- Bytes beyond the size variant in use.

-- 
-- CLIENT_VERSION: a format byte, then the fields of that format. Only format 0 is
-- defined (a U4 SVN revision, 5 bytes in all); other formats are kept as bytes.
-- See also: protocol.txt, "PACKET_CLIENT_VERSION 43"
MmeConnection.ClientVersion = class.class(KaitaiStruct)

function MmeConnection.ClientVersion:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeConnection.ClientVersion:_read()
  self.format = self._io:read_u1()
  local _on = self.format
  if _on == 0 then
    self.version = MmeConnection.ClientVersion.VersionFormat0(self._io, self, self._root)
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Format of the version information.
-- 
-- The fields of the format; only format 0 is defined.
-- 
-- Bytes beyond format 0's fields, or the fields of an undefined format.

-- 
-- The fields of version format 0.
-- See also: protocol.txt, "PACKET_CLIENT_VERSION 43" (Format 0)
MmeConnection.ClientVersion.VersionFormat0 = class.class(KaitaiStruct)

function MmeConnection.ClientVersion.VersionFormat0:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeConnection.ClientVersion.VersionFormat0:_read()
  self.svn_revision = self._io:read_u4le()
end

-- 
-- SVN revision number of the client.

-- 
-- CONNECT (53 minimum): reconnect to another server, sending these credentials in the
-- AUTHENTICATE to the next server.
-- See also: protocol.txt, "PACKET_CONNECT 6"
MmeConnection.Connect = class.class(KaitaiStruct)

function MmeConnection.Connect:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeConnection.Connect:_read()
  self.credentials = MmeTypes.Credentials(self._io)
  self.address = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
end

-- 
-- Sent unchanged in the AUTHENTICATE to the next server; the name must be null-
-- filled.
-- 
-- address:port of the next server: a host name, an IPv4 address or a bracketed
-- IPv6 address, always with the port ("[1234::CDEF]:9999").

-- 
-- DISCONNECT (any size): every field is optional and present as far as the payload
-- reaches.
-- See also: protocol.txt, "PACKET_DISCONNECT 7"
MmeConnection.Disconnect = class.class(KaitaiStruct)

function MmeConnection.Disconnect:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeConnection.Disconnect:_read()
  if self._io:size() >= 1 then
    self.reason_code = MmeTypes.DisconnectReason(self._io:read_u1())
  end
  if self._io:size() >= 2 then
    self.reconnect_delay = self._io:read_u1()
  end
  if self._io:size() >= 3 then
    self.reason = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
  end
end

-- 
-- Why, so a program can choose its response.
-- 
-- Seconds to wait before reconnecting; 0 or missing - reconnecting is not advised.
-- 
-- Human-readable reason.

-- 
-- PING_REQUEST / PING_RESPONSE (any size): an opaque payload the receiver returns
-- unchanged in a PING_RESPONSE.
-- See also: protocol.txt, "PACKET_PING_REQUEST 2"
MmeConnection.Ping = class.class(KaitaiStruct)

function MmeConnection.Ping:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeConnection.Ping:_read()
  self.data = self._io:read_bytes_full()
end

-- 
-- Not to be examined; echoed back verbatim.

-- 
-- PORTAL_COOKIE (0, 20): from the login server, 20 bytes set the cookie and an empty
-- packet deletes it; from the client, the stored cookie or an empty packet.
-- See also: protocol.txt, "PACKET_PORTAL_COOKIE 44"
MmeConnection.PortalCookie = class.class(KaitaiStruct)

function MmeConnection.PortalCookie:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeConnection.PortalCookie:_read()
  if self._io:size() >= 20 then
    self.cookie = self._io:read_bytes(20)
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- An empty packet (no cookie).
MmeConnection.PortalCookie.property.deletes = {}
function MmeConnection.PortalCookie.property.deletes:get()
  if self._m_deletes ~= nil then
    return self._m_deletes
  end

  self._m_deletes = self._io:size() < 20
  return self._m_deletes
end

-- 
-- Twenty bytes of random binary data.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- RANDOM_GARBAGE (any size): private data between software that knows each other,
-- which should start with a unique identifier (16 bytes recommended).
-- See also: protocol.txt, "PACKET_RANDOM_GARBAGE 13"
MmeConnection.RandomGarbage = class.class(KaitaiStruct)

function MmeConnection.RandomGarbage:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeConnection.RandomGarbage:_read()
  self.data = self._io:read_bytes_full()
end

-- 
-- Free-form data; it should start with a unique identifier of at least 32 bits.

-- 
-- SERVER_NAME (any size); shown in the title bar of the game window.
-- See also: protocol.txt, "PACKET_SERVER_NAME 47"
MmeConnection.ServerName = class.class(KaitaiStruct)

function MmeConnection.ServerName:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeConnection.ServerName:_read()
  self.name = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
end

-- 
-- Name of the server; the client puts it in its window's title bar.

