-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")
local str_decode = require("string_decode")
local utils = require("utils")

-- 
-- The body of a 19 Display Alert Text packet after LZ4 decompression (Server -> Client):
-- an alert message.
-- 
-- The size need not match the message, the page says: a size shorter than the message
-- cuts off the end of the displayed message, a larger one displays only the alert icon,
-- no text. So the message is read to the end of the body (the body's length, not the
-- size, says where it ends) and the size is kept as sent; `is_cut` and `shows_text` say
-- what the game displays. Normally the size is the message's byte length.
-- See also: 19 - Display Alert Text, section Structure
SmDisplayAlertText = class.class(KaitaiStruct)

SmDisplayAlertText.KnownMessage = enum.Enum {
  other = 0,
  info_inventory_full = 1,
  host_does_not_support_shape = 2,
}

function SmDisplayAlertText:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmDisplayAlertText:_read()
  self.len_message = self._io:read_u2be()
  self.message = str_decode.decode(self._io:read_bytes_full(), "UTF-8")
end

-- 
-- Whether the size is shorter than the message, so the game cuts its end off.
SmDisplayAlertText.property.is_cut = {}
function SmDisplayAlertText.property.is_cut:get()
  if self._m_is_cut ~= nil then
    return self._m_is_cut
  end

  self._m_is_cut = self.len_message < self.len_sent
  return self._m_is_cut
end

-- 
-- Which of the known messages this is (Known messages); `other` for the rest.
SmDisplayAlertText.property.known_message = {}
function SmDisplayAlertText.property.known_message:get()
  if self._m_known_message ~= nil then
    return self._m_known_message
  end

  self._m_known_message = SmDisplayAlertText.KnownMessage(utils.box_unwrap((self.message == "#{INFO_INVENTORY_FULL}") and utils.box_wrap(1) or (utils.box_unwrap((self.message == "Your host does not support that shape") and utils.box_wrap(2) or (0)))))
  return self._m_known_message
end

-- 
-- The byte length of the message as sent (the body less the size field).
SmDisplayAlertText.property.len_sent = {}
function SmDisplayAlertText.property.len_sent:get()
  if self._m_len_sent ~= nil then
    return self._m_len_sent
  end

  self._m_len_sent = self._io:size() - 2
  return self._m_len_sent
end

-- 
-- Whether the game shows text (a size larger than the message shows only the icon).
SmDisplayAlertText.property.shows_text = {}
function SmDisplayAlertText.property.shows_text:get()
  if self._m_shows_text ~= nil then
    return self._m_shows_text
  end

  self._m_shows_text = self.len_message <= self.len_sent
  return self._m_shows_text
end

-- 
-- The size of the message. Setting the size to be shorter than the size of the
-- message will cut off the end of the message; setting it to be larger than the size
-- of the message will display only the alert icon, no text.
-- When writing, set to the UTF-8 byte length of `message` (or another size on
-- purpose); `message` ends where the body ends.
-- 
-- The utf-8 encoded message (the rest of the body).

