-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")
local str_decode = require("string_decode")
local utils = require("utils")

-- 
-- The body of an 18 Display Message packet after LZ4 decompression (Server -> Client):
-- a message shown in a warning pop-up, as alert text, or in the chat, by its type string
-- (`location`). A `<WARNING>` with one of the special messages shows a hardcoded caption
-- and body (`special_message`). The two texts are laid out as `String` structures
-- (`sm_string`); they are read field by field, as the page's table lists them.
-- See also: 18 - Display Message, section Structure
SmDisplayMessage = class.class(KaitaiStruct)

SmDisplayMessage.Location = enum.Enum {
  chat = 0,
  popup = 1,
  alert_text = 2,
}

SmDisplayMessage.SpecialMessage = enum.Enum {
  none = 0,
  warning_tunneling = 1,
  version_mismatch = 2,
  connection_failed = 3,
  connection_timeout = 4,
  connection_lost = 5,
  server_shutdown = 6,
  kicked_from_server = 7,
  unload_mod = 8,
  invalid_shape_id = 9,
  error_message = 10,
  database_error_message = 11,
}

function SmDisplayMessage:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmDisplayMessage:_read()
  self.len_message_type = self._io:read_u2be()
  self.message_type = str_decode.decode(self._io:read_bytes(self.len_message_type), "UTF-8")
  self.len_message = self._io:read_u2be()
  self.message = str_decode.decode(self._io:read_bytes(self.len_message), "UTF-8")
end

-- 
-- Where the message is displayed, by its type (Message types).
SmDisplayMessage.property.location = {}
function SmDisplayMessage.property.location:get()
  if self._m_location ~= nil then
    return self._m_location
  end

  self._m_location = SmDisplayMessage.Location(utils.box_unwrap((self.message_type == "<WARNING>") and utils.box_wrap(1) or (utils.box_unwrap((self.message_type == "<ALERT>") and utils.box_wrap(2) or (0)))))
  return self._m_location
end

-- 
-- For a `<WARNING>`: which special message sets the pop-up's caption and body
-- (Special messages); `none` when the message is the caption itself.
SmDisplayMessage.property.special_message = {}
function SmDisplayMessage.property.special_message:get()
  if self._m_special_message ~= nil then
    return self._m_special_message
  end

  self._m_special_message = SmDisplayMessage.SpecialMessage(utils.box_unwrap((self.location ~= SmDisplayMessage.Location.popup) and utils.box_wrap(0) or (utils.box_unwrap((self.message == "WARNING_TUNNELING") and utils.box_wrap(1) or (utils.box_unwrap((self.message == "VERSION_MISMATCH") and utils.box_wrap(2) or (utils.box_unwrap((self.message == "CONNECTION_FAILED") and utils.box_wrap(3) or (utils.box_unwrap((self.message == "CONNECTION_TIMEOUT") and utils.box_wrap(4) or (utils.box_unwrap((self.message == "CONNECTION_LOST") and utils.box_wrap(5) or (utils.box_unwrap((self.message == "SERVER_SHUTDOWN") and utils.box_wrap(6) or (utils.box_unwrap((self.message == "KICKED_FROM_SERVER") and utils.box_wrap(7) or (utils.box_unwrap((self.message == "UNLOAD_MOD") and utils.box_wrap(8) or (utils.box_unwrap((self.message == "INVALID_SHAPE_ID") and utils.box_wrap(9) or (utils.box_unwrap((self.message == "ERROR_MESSAGE") and utils.box_wrap(10) or (utils.box_unwrap((self.message == "DATABASE_ERROR_MESSAGE") and utils.box_wrap(11) or (0)))))))))))))))))))))))))
  return self._m_special_message
end

-- 
-- The size of the type of the message.
-- When writing, set to the UTF-8 byte length of `message_type`.
-- 
-- The utf-8 encoded type of the message.
-- 
-- The size of the message.
-- When writing, set to the UTF-8 byte length of `message`.
-- 
-- The utf-8 encoded message.

