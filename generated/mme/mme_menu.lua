-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("mme_types")
local str_decode = require("string_decode")
local utils = require("utils")

-- 
-- Payloads of the server-side menu packets. The server builds a menu of widgets, each in
-- a slot given by `index` (0 lets the client choose a free slot); the client answers with
-- MENU_RESPONSE. Columns and lines start at zero. Texts may contain color escapes (ESC and
-- a color number) like chat messages.
-- See also: protocol.txt, "Server-Side Menus"
MmeMenu = class.class(KaitaiStruct)

function MmeMenu:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function MmeMenu:_read()
end


-- 
-- MENU_BUTTON (7+).
-- See also: protocol.txt, "PACKET_MENU_BUTTON 38"
MmeMenu.MenuButton = class.class(KaitaiStruct)

function MmeMenu.MenuButton:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuButton:_read()
  self.index = self._io:read_u1()
  self.column = self._io:read_u1()
  self.line = self._io:read_u1()
  self.name = self._io:read_u1()
  self.value = self._io:read_u1()
  self.width = self._io:read_u1()
  self.flags = MmeTypes.WidgetFlags(self._io)
  self.text = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
end

-- 
-- Slot of the widget; the same index replaces a widget, 0 picks a free slot.
-- 
-- Column of the button text, from 0.
-- 
-- Line of the button text, from 0; `offset` draws it half a line lower.
-- 
-- Widget group; MENU_RESPONSE reports it.
-- 
-- Reported in MENU_RESPONSE with the name.
-- 
-- Size of the button; 0 makes it the size of the text.
-- 
-- `active` draws the button red, `disable` greys it out, `offset` lowers it half
-- a line.
-- 
-- Label of the button.

-- 
-- MENU_ERASE (1): remove the widget at an index.
-- See also: protocol.txt, "PACKET_MENU_ERASE 39"
MmeMenu.MenuErase = class.class(KaitaiStruct)

function MmeMenu.MenuErase:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuErase:_read()
  self.index = self._io:read_u1()
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Slot of the widget to remove.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- MENU_INPUT (8+): a text input box; the column/line is its first character.
-- See also: protocol.txt, "PACKET_MENU_INPUT 37"
MmeMenu.MenuInput = class.class(KaitaiStruct)

function MmeMenu.MenuInput:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuInput:_read()
  self.index = self._io:read_u1()
  self.column = self._io:read_u1()
  self.line = self._io:read_u1()
  self.name = self._io:read_u1()
  self.value = self._io:read_u1()
  self.width = self._io:read_u1()
  self.max_length = self._io:read_u1()
  self.flags = MmeTypes.WidgetFlags(self._io)
  self.text = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
end

-- 
-- Slot of the widget; the same index replaces a widget, 0 picks a free slot.
-- 
-- Column of the first character of text in the box, from 0.
-- 
-- Line of the box, from 0.
-- 
-- Widget group; MENU_RESPONSE reports it.
-- 
-- Reported in MENU_RESPONSE with the name.
-- 
-- Size of the input box.
-- 
-- Maximum length of the user input.
-- 
-- `active` makes enter in the box submit the menu, like a button.
-- 
-- Initial text.

-- 
-- MENU_REQUEST (2): the user pressed the "server menu" key.
-- See also: protocol.txt, "PACKET_MENU_REQUEST 30"
MmeMenu.MenuRequest = class.class(KaitaiStruct)

function MmeMenu.MenuRequest:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuRequest:_read()
  self.columns = self._io:read_u1()
  self.lines = self._io:read_u1()
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Columns the window can show at its current size.
-- 
-- Lines the window can show at its current size.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- MENU_RESET (0, 3): clear the menu and create a new one; an empty packet removes
-- the server menu. The document lists four fields but sizes 0 and 3. Decision: 3 bytes
-- create a menu without flags, 4 bytes with flags; 1 and 2 bytes count as 0.
-- See also: protocol.txt, "PACKET_MENU_RESET 32"
MmeMenu.MenuReset = class.class(KaitaiStruct)

function MmeMenu.MenuReset:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuReset:_read()
  if self._io:size() >= 3 then
    self.menu_number = self._io:read_u1()
  end
  if self._io:size() >= 3 then
    self.width = self._io:read_u1()
  end
  if self._io:size() >= 3 then
    self.height = self._io:read_u1()
  end
  if self._io:size() >= 4 then
    self.flags = MmeMenu.MenuReset.MenuFlags(self._io, self, self._root)
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- No menu fields - the server menu is disabled and removed.
MmeMenu.MenuReset.property.removes_menu = {}
function MmeMenu.MenuReset.property.removes_menu:get()
  if self._m_removes_menu ~= nil then
    return self._m_removes_menu
  end

  self._m_removes_menu = self._io:size() < 3
  return self._m_removes_menu
end

-- 
-- Chosen by the server; the client's events name it, so old events can be told
-- apart.
-- 
-- Width of the menu in columns; at most the columns MENU_RESIZE reports (80 fits
-- the default window).
-- 
-- Height of the menu in lines (24 fits the default window).
-- 
-- Present in the 4-byte variant only.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- The flags byte of the 4-byte variant, bit 0 first.
-- See also: protocol.txt, "PACKET_MENU_RESET 32" (U1 flags)
MmeMenu.MenuReset.MenuFlags = class.class(KaitaiStruct)

function MmeMenu.MenuReset.MenuFlags:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuReset.MenuFlags:_read()
  self.close_button = self._io:read_bits_int_le(1) ~= 0
  self.title_bar = self._io:read_bits_int_le(1) ~= 0
  self.reserved = self._io:read_bits_int_le(6)
end

-- 
-- Draw a close button in the corner.
-- 
-- Draw a blue area for a title bar.
-- 
-- Bits 2-7, not documented.

-- 
-- MENU_RESIZE (3): the user resized the window while a menu was displayed.
-- See also: protocol.txt, "PACKET_MENU_RESIZE 41"
MmeMenu.MenuResize = class.class(KaitaiStruct)

function MmeMenu.MenuResize:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuResize:_read()
  self.columns = self._io:read_u1()
  self.lines = self._io:read_u1()
  self.menu_number = self._io:read_u1()
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Columns the window can show at its current size.
-- 
-- Lines the window can show at its current size.
-- 
-- The menu currently displayed.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- MENU_RESPONSE (1, 4+): the state of a widget, or - with only the menu number - the
-- user left the menu without clicking anything. Sizes 2 and 3 count as 1. For a
-- salted password field the text is 40 bytes: the client's salt and the SHA-1 digest
-- (see `password`).
-- See also: protocol.txt, "PACKET_MENU_RESPONSE 31"
MmeMenu.MenuResponse = class.class(KaitaiStruct)

function MmeMenu.MenuResponse:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuResponse:_read()
  self.menu_number = self._io:read_u1()
  if self._io:size() >= 4 then
    self.name = self._io:read_u1()
  end
  if self._io:size() >= 4 then
    self.value = self._io:read_u1()
  end
  if self._io:size() >= 4 then
    self.flags = MmeTypes.WidgetFlags(self._io)
  end
  self.data = self._io:read_bytes_full()
end

-- 
-- Only the menu number - the user exited the menu.
MmeMenu.MenuResponse.property.closed = {}
function MmeMenu.MenuResponse.property.closed:get()
  if self._m_closed ~= nil then
    return self._m_closed
  end

  self._m_closed = self._io:size() < 4
  return self._m_closed
end

-- 
-- The text read as a salted password response (when the widget is one).
-- When writing, this instance and `data` cover the same 40 bytes: fetch it before
-- `_write()` and keep the two equal (or disable the instance); `_write()` writes
-- both.
MmeMenu.MenuResponse.property.password = {}
function MmeMenu.MenuResponse.property.password:get()
  if self._m_password ~= nil then
    return self._m_password
  end

  if self._io:size() == 44 then
    local _pos = self._io:pos()
    self._io:seek(4)
    self._m_password = MmeMenu.MenuResponse.PasswordResponse(self._io, self, self._root)
    self._io:seek(_pos)
  end
  return self._m_password
end

-- 
-- The text decoded as ISO-8859-1.
MmeMenu.MenuResponse.property.text = {}
function MmeMenu.MenuResponse.property.text:get()
  if self._m_text ~= nil then
    return self._m_text
  end

  self._m_text = str_decode.decode(self.data, "ISO-8859-1")
  return self._m_text
end

-- 
-- The menu the event came from (an old menu's event may still arrive).
-- 
-- Widget group of the widget that answered.
-- 
-- Value of the widget within its group; for a check box always the MENU_CHECK
-- value.
-- 
-- `active` is the state of a check box; `live` marks a live update.
-- 
-- The text, if relevant (raw bytes; `text` decodes it).

-- 
-- The 40-byte text a client sends for a salted password field.
-- See also: protocol.txt, "PACKET_MENU_SALTED_PASSWORD 40"
MmeMenu.MenuResponse.PasswordResponse = class.class(KaitaiStruct)

function MmeMenu.MenuResponse.PasswordResponse:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuResponse.PasswordResponse:_read()
  self.client_salt = self._io:read_bytes(20)
  self.digest = self._io:read_bytes(20)
end

-- 
-- The random salt the client chose for the last encryption.
-- 
-- SHA-1 of that salt followed by the previous digest (or the password).

-- 
-- MENU_SALTED_PASSWORD (7, 27, 47): a password input. 7 bytes - a new password (the
-- client salts it with a random salt); 27 bytes - one salt, for a plain-text password
-- the server knows; 47 bytes - the stored salt and a fresh one. The client's response
-- is SHA-1(client salt + SHA-1(...SHA-1(salt_1 + password)...)) over every salt given.
-- See also: protocol.txt, "PACKET_MENU_SALTED_PASSWORD 40"
MmeMenu.MenuSaltedPassword = class.class(KaitaiStruct)

function MmeMenu.MenuSaltedPassword:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuSaltedPassword:_read()
  self.index = self._io:read_u1()
  self.column = self._io:read_u1()
  self.line = self._io:read_u1()
  self.name = self._io:read_u1()
  self.value = self._io:read_u1()
  self.width = self._io:read_u1()
  self.flags = MmeTypes.WidgetFlags(self._io)
  if self._io:size() >= 27 then
    self.salt_1 = self._io:read_bytes(20)
  end
  if self._io:size() >= 47 then
    self.salt_2 = self._io:read_bytes(20)
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Salts the server sent: 0 (a new password), 1 or 2.
MmeMenu.MenuSaltedPassword.property.num_salts = {}
function MmeMenu.MenuSaltedPassword.property.num_salts:get()
  if self._m_num_salts ~= nil then
    return self._m_num_salts
  end

  self._m_num_salts = utils.box_unwrap((self._io:size() >= 47) and utils.box_wrap(2) or (utils.box_unwrap((self._io:size() >= 27) and utils.box_wrap(1) or (0))))
  return self._m_num_salts
end

-- 
-- Slot of the widget; the same index replaces a widget, 0 picks a free slot.
-- 
-- Column of the first character of the box, from 0.
-- 
-- Line of the box, from 0.
-- 
-- Widget group; MENU_RESPONSE reports it.
-- 
-- Reported in MENU_RESPONSE with the name.
-- 
-- Size of the input box.
-- 
-- The password field does not support `live`.
-- 
-- The salt stored with the password (47 bytes), or a random salt for a plain-
-- text password the server knows (27 bytes).
-- 
-- A fresh random salt, different for each request, so a captured response cannot
-- be replayed.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- MENU_TEXT (3+): unclickable text at a position.
-- See also: protocol.txt, "PACKET_MENU_TEXT 33"
MmeMenu.MenuText = class.class(KaitaiStruct)

function MmeMenu.MenuText:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuText:_read()
  self.index = self._io:read_u1()
  self.column = self._io:read_u1()
  self.line = self._io:read_u1()
  self.text = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
end

-- 
-- Slot of the widget; the same index replaces a widget, 0 picks a free slot.
-- 
-- Column of the text, from 0.
-- 
-- Line of the text, from 0.
-- 
-- The text, with color escapes as in chat.

-- 
-- MENU_TEXTURE (11): draw part of a texture on the menu. Texture coordinates run
-- from 0 (left/top) to 256 (right/bottom); 0 as the second x or y means 256.
-- See also: protocol.txt, "PACKET_MENU_TEXTURE 46"
MmeMenu.MenuTexture = class.class(KaitaiStruct)

function MmeMenu.MenuTexture:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuTexture:_read()
  self.index = self._io:read_u1()
  self.column = self._io:read_u1()
  self.line = self._io:read_u1()
  self.width = self._io:read_u1()
  self.height = self._io:read_u1()
  self.texture_id = self._io:read_u2le()
  self.x1 = self._io:read_u1()
  self.y1 = self._io:read_u1()
  self.x2 = self._io:read_u1()
  self.y2 = self._io:read_u1()
  self.ignored = self._io:read_bytes_full()
end

-- 
-- The second y, with 0 read as 256.
MmeMenu.MenuTexture.property.bottom = {}
function MmeMenu.MenuTexture.property.bottom:get()
  if self._m_bottom ~= nil then
    return self._m_bottom
  end

  self._m_bottom = utils.box_unwrap((self.y2 == 0) and utils.box_wrap(256) or (self.y2))
  return self._m_bottom
end

-- 
-- The second x, with 0 read as 256.
MmeMenu.MenuTexture.property.right = {}
function MmeMenu.MenuTexture.property.right:get()
  if self._m_right ~= nil then
    return self._m_right
  end

  self._m_right = utils.box_unwrap((self.x2 == 0) and utils.box_wrap(256) or (self.x2))
  return self._m_right
end

-- 
-- Slot of the widget; the same index replaces a widget, 0 picks a free slot.
-- 
-- Column of the picture's corner, from 0.
-- 
-- Line of the picture's corner, from 0.
-- 
-- Width of the picture in columns.
-- 
-- Height of the picture in lines.
-- 
-- Texture set up with TEXTURE_SETUP.
-- 
-- Left edge of the part shown, 0 - 255 of the texture's 256.
-- 
-- Top edge of the part shown, 0 - 255 of the texture's 256.
-- 
-- Right edge of the part shown; 0 means 256 (see `right`).
-- 
-- Bottom edge of the part shown; 0 means 256 (see `bottom`).
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- MENU_LINK, MENU_CHECK and MENU_RADIO (6+): clickable text, a check box or a radio
-- button (the box or button is drawn two characters left of the text). Radio buttons
-- with the same name and different values are mutually exclusive.
-- See also: protocol.txt, "PACKET_MENU_LINK 34", "PACKET_MENU_CHECK 35", "PACKET_MENU_RADIO 36"
MmeMenu.MenuWidget = class.class(KaitaiStruct)

function MmeMenu.MenuWidget:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMenu.MenuWidget:_read()
  self.index = self._io:read_u1()
  self.column = self._io:read_u1()
  self.line = self._io:read_u1()
  self.name = self._io:read_u1()
  self.value = self._io:read_u1()
  self.flags = MmeTypes.WidgetFlags(self._io)
  self.text = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
end

-- 
-- Slot of the widget; the same index replaces a widget, 0 picks a free slot.
-- 
-- Column of the text, from 0; a box or button is drawn two characters to its
-- left.
-- 
-- Line of the text, from 0.
-- 
-- Widget group; MENU_RESPONSE reports it. Radio buttons of one group exclude
-- each other.
-- 
-- Identifies the widget in its group; MENU_RESPONSE reports it.
-- 
-- `active` checks a check box or radio button by default; `live` sends changes
-- at once.
-- 
-- The link text or the label of the box or button.

