# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import mme_types


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MmeMenu(ReadWriteKaitaiStruct):
    """Payloads of the server-side menu packets. The server builds a menu of widgets, each in
    a slot given by `index` (0 lets the client choose a free slot); the client answers with
    MENU_RESPONSE. Columns and lines start at zero. Texts may contain color escapes (ESC and
    a color number) like chat messages.
    
    .. seealso::
       protocol.txt, "Server-Side Menus"
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(MmeMenu, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(MmeMenu, self)._write__seq(io)


    def _check(self):
        self._dirty = False

    class MenuButton(ReadWriteKaitaiStruct):
        """MENU_BUTTON (7+).
        
        .. seealso::
           protocol.txt, "PACKET_MENU_BUTTON 38"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuButton, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.index = self._io.read_u1()
            self.column = self._io.read_u1()
            self.line = self._io.read_u1()
            self.name = self._io.read_u1()
            self.value = self._io.read_u1()
            self.width = self._io.read_u1()
            self.flags = mme_types.MmeTypes.WidgetFlags(self._io)
            self.flags._read()
            self.text = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.flags._fetch_instances()


        def _write__seq(self, io=None):
            super(MmeMenu.MenuButton, self)._write__seq(io)
            self._io.write_u1(self.index)
            self._io.write_u1(self.column)
            self._io.write_u1(self.line)
            self._io.write_u1(self.name)
            self._io.write_u1(self.value)
            self._io.write_u1(self.width)
            self.flags._write__seq(self._io)
            self._io.write_bytes_limit((self.text).encode(u"ISO-8859-1"), self._io.size() - self._io.pos(), 0, 0)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"text", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class MenuErase(ReadWriteKaitaiStruct):
        """MENU_ERASE (1): remove the widget at an index.
        
        .. seealso::
           protocol.txt, "PACKET_MENU_ERASE 39"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuErase, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.index = self._io.read_u1()
            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(MmeMenu.MenuErase, self)._write__seq(io)
            self._io.write_u1(self.index)
            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class MenuInput(ReadWriteKaitaiStruct):
        """MENU_INPUT (8+): a text input box; the column/line is its first character.
        
        .. seealso::
           protocol.txt, "PACKET_MENU_INPUT 37"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuInput, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.index = self._io.read_u1()
            self.column = self._io.read_u1()
            self.line = self._io.read_u1()
            self.name = self._io.read_u1()
            self.value = self._io.read_u1()
            self.width = self._io.read_u1()
            self.max_length = self._io.read_u1()
            self.flags = mme_types.MmeTypes.WidgetFlags(self._io)
            self.flags._read()
            self.text = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.flags._fetch_instances()


        def _write__seq(self, io=None):
            super(MmeMenu.MenuInput, self)._write__seq(io)
            self._io.write_u1(self.index)
            self._io.write_u1(self.column)
            self._io.write_u1(self.line)
            self._io.write_u1(self.name)
            self._io.write_u1(self.value)
            self._io.write_u1(self.width)
            self._io.write_u1(self.max_length)
            self.flags._write__seq(self._io)
            self._io.write_bytes_limit((self.text).encode(u"ISO-8859-1"), self._io.size() - self._io.pos(), 0, 0)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"text", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class MenuRequest(ReadWriteKaitaiStruct):
        """MENU_REQUEST (2): the user pressed the "server menu" key.
        
        .. seealso::
           protocol.txt, "PACKET_MENU_REQUEST 30"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuRequest, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.columns = self._io.read_u1()
            self.lines = self._io.read_u1()
            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(MmeMenu.MenuRequest, self)._write__seq(io)
            self._io.write_u1(self.columns)
            self._io.write_u1(self.lines)
            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class MenuReset(ReadWriteKaitaiStruct):
        """MENU_RESET (0, 3): clear the menu and create a new one; an empty packet removes
        the server menu. The document lists four fields but sizes 0 and 3. Decision: 3 bytes
        create a menu without flags, 4 bytes with flags; 1 and 2 bytes count as 0.
        
        .. seealso::
           protocol.txt, "PACKET_MENU_RESET 32"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuReset, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            if self._io.size() >= 3:
                pass
                self.menu_number = self._io.read_u1()

            if self._io.size() >= 3:
                pass
                self.width = self._io.read_u1()

            if self._io.size() >= 3:
                pass
                self.height = self._io.read_u1()

            if self._io.size() >= 4:
                pass
                self.flags = MmeMenu.MenuReset.MenuFlags(self._io, self, self._root)
                self.flags._read()

            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            if self._io.size() >= 3:
                pass

            if self._io.size() >= 3:
                pass

            if self._io.size() >= 3:
                pass

            if self._io.size() >= 4:
                pass
                self.flags._fetch_instances()



        def _write__seq(self, io=None):
            super(MmeMenu.MenuReset, self)._write__seq(io)
            if self._io.size() >= 3:
                pass
                self._io.write_u1(self.menu_number)

            if self._io.size() >= 3:
                pass
                self._io.write_u1(self.width)

            if self._io.size() >= 3:
                pass
                self._io.write_u1(self.height)

            if self._io.size() >= 4:
                pass
                if self.flags._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"flags", self._root, self.flags._root)
                if self.flags._parent != self:
                    raise kaitaistruct.ConsistencyError(u"flags", self, self.flags._parent)
                self.flags._write__seq(self._io)

            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False

        class MenuFlags(ReadWriteKaitaiStruct):
            """The flags byte of the 4-byte variant, bit 0 first.
            
            .. seealso::
               protocol.txt, "PACKET_MENU_RESET 32" (U1 flags)
            """
            def __init__(self, _io=None, _parent=None, _root=None):
                super(MmeMenu.MenuReset.MenuFlags, self).__init__(_io)
                self._parent = _parent
                self._root = _root

            def _read(self):
                self.close_button = self._io.read_bits_int_le(1) != 0
                self.title_bar = self._io.read_bits_int_le(1) != 0
                self.reserved = self._io.read_bits_int_le(6)
                self._dirty = False


            def _fetch_instances(self):
                pass


            def _write__seq(self, io=None):
                super(MmeMenu.MenuReset.MenuFlags, self)._write__seq(io)
                self._io.write_bits_int_le(1, int(self.close_button))
                self._io.write_bits_int_le(1, int(self.title_bar))
                self._io.write_bits_int_le(6, self.reserved)


            def _check(self):
                self._dirty = False


        @property
        def removes_menu(self):
            """No menu fields - the server menu is disabled and removed."""
            if hasattr(self, '_m_removes_menu'):
                return self._m_removes_menu

            self._m_removes_menu = self._io.size() < 3
            return getattr(self, '_m_removes_menu', None)

        def _invalidate_removes_menu(self):
            del self._m_removes_menu

    class MenuResize(ReadWriteKaitaiStruct):
        """MENU_RESIZE (3): the user resized the window while a menu was displayed.
        
        .. seealso::
           protocol.txt, "PACKET_MENU_RESIZE 41"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuResize, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.columns = self._io.read_u1()
            self.lines = self._io.read_u1()
            self.menu_number = self._io.read_u1()
            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(MmeMenu.MenuResize, self)._write__seq(io)
            self._io.write_u1(self.columns)
            self._io.write_u1(self.lines)
            self._io.write_u1(self.menu_number)
            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class MenuResponse(ReadWriteKaitaiStruct):
        """MENU_RESPONSE (1, 4+): the state of a widget, or - with only the menu number - the
        user left the menu without clicking anything. Sizes 2 and 3 count as 1. For a
        salted password field the text is 40 bytes: the client's salt and the SHA-1 digest
        (see `password`).
        
        .. seealso::
           protocol.txt, "PACKET_MENU_RESPONSE 31"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuResponse, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._should_write_password = False
            self.password__enabled = True

        def _read(self):
            self.menu_number = self._io.read_u1()
            if self._io.size() >= 4:
                pass
                self.name = self._io.read_u1()

            if self._io.size() >= 4:
                pass
                self.value = self._io.read_u1()

            if self._io.size() >= 4:
                pass
                self.flags = mme_types.MmeTypes.WidgetFlags(self._io)
                self.flags._read()

            self.data = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            if self._io.size() >= 4:
                pass

            if self._io.size() >= 4:
                pass

            if self._io.size() >= 4:
                pass
                self.flags._fetch_instances()

            _ = self.password
            if hasattr(self, '_m_password'):
                pass
                self._m_password._fetch_instances()



        def _write__seq(self, io=None):
            super(MmeMenu.MenuResponse, self)._write__seq(io)
            self._should_write_password = self.password__enabled
            self._io.write_u1(self.menu_number)
            if self._io.size() >= 4:
                pass
                self._io.write_u1(self.name)

            if self._io.size() >= 4:
                pass
                self._io.write_u1(self.value)

            if self._io.size() >= 4:
                pass
                self.flags._write__seq(self._io)

            self._io.write_bytes(self.data)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"data", 0, self._io.size() - self._io.pos())


        def _check(self):
            if self.password__enabled:
                pass

            self._dirty = False

        class PasswordResponse(ReadWriteKaitaiStruct):
            """The 40-byte text a client sends for a salted password field.
            
            .. seealso::
               protocol.txt, "PACKET_MENU_SALTED_PASSWORD 40"
            """
            def __init__(self, _io=None, _parent=None, _root=None):
                super(MmeMenu.MenuResponse.PasswordResponse, self).__init__(_io)
                self._parent = _parent
                self._root = _root

            def _read(self):
                self.client_salt = self._io.read_bytes(20)
                self.digest = self._io.read_bytes(20)
                self._dirty = False


            def _fetch_instances(self):
                pass


            def _write__seq(self, io=None):
                super(MmeMenu.MenuResponse.PasswordResponse, self)._write__seq(io)
                self._io.write_bytes(self.client_salt)
                self._io.write_bytes(self.digest)


            def _check(self):
                if len(self.client_salt) != 20:
                    raise kaitaistruct.ConsistencyError(u"client_salt", 20, len(self.client_salt))
                if len(self.digest) != 20:
                    raise kaitaistruct.ConsistencyError(u"digest", 20, len(self.digest))
                self._dirty = False


        @property
        def closed(self):
            """Only the menu number - the user exited the menu."""
            if hasattr(self, '_m_closed'):
                return self._m_closed

            self._m_closed = self._io.size() < 4
            return getattr(self, '_m_closed', None)

        def _invalidate_closed(self):
            del self._m_closed
        @property
        def password(self):
            """The text read as a salted password response (when the widget is one).
            When writing, this instance and `data` cover the same 40 bytes: fetch it before
            `_write()` and keep the two equal (or disable the instance); `_write()` writes
            both.
            """
            if self._should_write_password:
                self._write_password()
            if hasattr(self, '_m_password'):
                return self._m_password

            if not self.password__enabled:
                return None

            if self._io.size() == 44:
                pass
                _pos = self._io.pos()
                self._io.seek(4)
                self._m_password = MmeMenu.MenuResponse.PasswordResponse(self._io, self, self._root)
                self._m_password._read()
                self._io.seek(_pos)

            return getattr(self, '_m_password', None)

        @password.setter
        def password(self, v):
            self._dirty = True
            self._m_password = v

        def _write_password(self):
            self._should_write_password = False
            if self._io.size() == 44:
                pass
                _pos = self._io.pos()
                self._io.seek(4)
                if self._m_password._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"password", self._root, self._m_password._root)
                if self._m_password._parent != self:
                    raise kaitaistruct.ConsistencyError(u"password", self, self._m_password._parent)
                self._m_password._write__seq(self._io)
                self._io.seek(_pos)


        @property
        def text(self):
            """The text decoded as ISO-8859-1."""
            if hasattr(self, '_m_text'):
                return self._m_text

            self._m_text = (self.data).decode(u"ISO-8859-1")
            return getattr(self, '_m_text', None)

        def _invalidate_text(self):
            del self._m_text

    class MenuSaltedPassword(ReadWriteKaitaiStruct):
        """MENU_SALTED_PASSWORD (7, 27, 47): a password input. 7 bytes - a new password (the
        client salts it with a random salt); 27 bytes - one salt, for a plain-text password
        the server knows; 47 bytes - the stored salt and a fresh one. The client's response
        is SHA-1(client salt + SHA-1(...SHA-1(salt_1 + password)...)) over every salt given.
        
        .. seealso::
           protocol.txt, "PACKET_MENU_SALTED_PASSWORD 40"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuSaltedPassword, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.index = self._io.read_u1()
            self.column = self._io.read_u1()
            self.line = self._io.read_u1()
            self.name = self._io.read_u1()
            self.value = self._io.read_u1()
            self.width = self._io.read_u1()
            self.flags = mme_types.MmeTypes.WidgetFlags(self._io)
            self.flags._read()
            if self._io.size() >= 27:
                pass
                self.salt_1 = self._io.read_bytes(20)

            if self._io.size() >= 47:
                pass
                self.salt_2 = self._io.read_bytes(20)

            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.flags._fetch_instances()
            if self._io.size() >= 27:
                pass

            if self._io.size() >= 47:
                pass



        def _write__seq(self, io=None):
            super(MmeMenu.MenuSaltedPassword, self)._write__seq(io)
            self._io.write_u1(self.index)
            self._io.write_u1(self.column)
            self._io.write_u1(self.line)
            self._io.write_u1(self.name)
            self._io.write_u1(self.value)
            self._io.write_u1(self.width)
            self.flags._write__seq(self._io)
            if self._io.size() >= 27:
                pass
                if len(self.salt_1) != 20:
                    raise kaitaistruct.ConsistencyError(u"salt_1", 20, len(self.salt_1))
                self._io.write_bytes(self.salt_1)

            if self._io.size() >= 47:
                pass
                if len(self.salt_2) != 20:
                    raise kaitaistruct.ConsistencyError(u"salt_2", 20, len(self.salt_2))
                self._io.write_bytes(self.salt_2)

            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False

        @property
        def num_salts(self):
            """Salts the server sent: 0 (a new password), 1 or 2."""
            if hasattr(self, '_m_num_salts'):
                return self._m_num_salts

            self._m_num_salts = (2 if self._io.size() >= 47 else (1 if self._io.size() >= 27 else 0))
            return getattr(self, '_m_num_salts', None)

        def _invalidate_num_salts(self):
            del self._m_num_salts

    class MenuText(ReadWriteKaitaiStruct):
        """MENU_TEXT (3+): unclickable text at a position.
        
        .. seealso::
           protocol.txt, "PACKET_MENU_TEXT 33"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuText, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.index = self._io.read_u1()
            self.column = self._io.read_u1()
            self.line = self._io.read_u1()
            self.text = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(MmeMenu.MenuText, self)._write__seq(io)
            self._io.write_u1(self.index)
            self._io.write_u1(self.column)
            self._io.write_u1(self.line)
            self._io.write_bytes_limit((self.text).encode(u"ISO-8859-1"), self._io.size() - self._io.pos(), 0, 0)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"text", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class MenuTexture(ReadWriteKaitaiStruct):
        """MENU_TEXTURE (11): draw part of a texture on the menu. Texture coordinates run
        from 0 (left/top) to 256 (right/bottom); 0 as the second x or y means 256.
        
        .. seealso::
           protocol.txt, "PACKET_MENU_TEXTURE 46"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuTexture, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.index = self._io.read_u1()
            self.column = self._io.read_u1()
            self.line = self._io.read_u1()
            self.width = self._io.read_u1()
            self.height = self._io.read_u1()
            self.texture_id = self._io.read_u2le()
            self.x1 = self._io.read_u1()
            self.y1 = self._io.read_u1()
            self.x2 = self._io.read_u1()
            self.y2 = self._io.read_u1()
            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(MmeMenu.MenuTexture, self)._write__seq(io)
            self._io.write_u1(self.index)
            self._io.write_u1(self.column)
            self._io.write_u1(self.line)
            self._io.write_u1(self.width)
            self._io.write_u1(self.height)
            self._io.write_u2le(self.texture_id)
            self._io.write_u1(self.x1)
            self._io.write_u1(self.y1)
            self._io.write_u1(self.x2)
            self._io.write_u1(self.y2)
            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False

        @property
        def bottom(self):
            """The second y, with 0 read as 256."""
            if hasattr(self, '_m_bottom'):
                return self._m_bottom

            self._m_bottom = (256 if self.y2 == 0 else self.y2)
            return getattr(self, '_m_bottom', None)

        def _invalidate_bottom(self):
            del self._m_bottom
        @property
        def right(self):
            """The second x, with 0 read as 256."""
            if hasattr(self, '_m_right'):
                return self._m_right

            self._m_right = (256 if self.x2 == 0 else self.x2)
            return getattr(self, '_m_right', None)

        def _invalidate_right(self):
            del self._m_right

    class MenuWidget(ReadWriteKaitaiStruct):
        """MENU_LINK, MENU_CHECK and MENU_RADIO (6+): clickable text, a check box or a radio
        button (the box or button is drawn two characters left of the text). Radio buttons
        with the same name and different values are mutually exclusive.
        
        .. seealso::
           protocol.txt, "PACKET_MENU_LINK 34", "PACKET_MENU_CHECK 35", "PACKET_MENU_RADIO 36"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMenu.MenuWidget, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.index = self._io.read_u1()
            self.column = self._io.read_u1()
            self.line = self._io.read_u1()
            self.name = self._io.read_u1()
            self.value = self._io.read_u1()
            self.flags = mme_types.MmeTypes.WidgetFlags(self._io)
            self.flags._read()
            self.text = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.flags._fetch_instances()


        def _write__seq(self, io=None):
            super(MmeMenu.MenuWidget, self)._write__seq(io)
            self._io.write_u1(self.index)
            self._io.write_u1(self.column)
            self._io.write_u1(self.line)
            self._io.write_u1(self.name)
            self._io.write_u1(self.value)
            self.flags._write__seq(self._io)
            self._io.write_bytes_limit((self.text).encode(u"ISO-8859-1"), self._io.size() - self._io.pos(), 0, 0)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"text", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False



