# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MmeAssets(KaitaiStruct):
    """Payloads of the packets that set up what the map is drawn with: file requests,
    textures, block types, block groups and the sky box. Every type parses the payload
    substream of one packet; bytes beyond the largest documented size are kept as `ignored`.
    
    .. seealso::
       protocol.txt, "PACKET_FILE_REQUEST 26" to "PACKET_BLOCK_SETUP 29", "PACKET_SKY_BOX 42"
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(MmeAssets, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class BlockSetup(KaitaiStruct):
        """BLOCK_SETUP (17 minimum): textures, properties and description of a block type.
        
        .. seealso::
           protocol.txt, "PACKET_BLOCK_SETUP 29"
        """

        class Light(IntEnum):
            none = 0
            weak = 1
            strong = 2
            sunlight = 3
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeAssets.BlockSetup, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.block_id = self._io.read_u1()
            if not self.block_id >= 1:
                raise kaitaistruct.ValidationLessThanError(1, self.block_id, self._io, u"/types/block_setup/seq/0")
            self.texture_top = self._io.read_u2le()
            self.texture_bottom = self._io.read_u2le()
            self.texture_front = self._io.read_u2le()
            self.texture_back = self._io.read_u2le()
            self.texture_left = self._io.read_u2le()
            self.texture_right = self._io.read_u2le()
            self.flags = MmeAssets.BlockSetup.BlockFlags(self._io, self, self._root)
            self.description = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")


        def _fetch_instances(self):
            pass
            self.flags._fetch_instances()

        class BlockFlags(KaitaiStruct):
            """U32 flag bits, bit 0 first.
            
            .. seealso::
               protocol.txt, "PACKET_BLOCK_SETUP 29" (Flag bits)
            """
            def __init__(self, _io, _parent=None, _root=None):
                super(MmeAssets.BlockSetup.BlockFlags, self).__init__(_io)
                self._parent = _parent
                self._root = _root
                self._read()

            def _read(self):
                self.visible = self._io.read_bits_int_le(1) != 0
                self.impassable = self._io.read_bits_int_le(1) != 0
                self.draw_reverse = self._io.read_bits_int_le(1) != 0
                self.light = KaitaiStream.resolve_enum(MmeAssets.BlockSetup.Light, self._io.read_bits_int_le(2))
                self.draw_between = self._io.read_bits_int_le(1) != 0
                self.reserved = self._io.read_bits_int_le(26)


            def _fetch_instances(self):
                pass



    class FileRequest(KaitaiStruct):
        """FILE_REQUEST (20): the client lacks the image file of a texture and asks the server
        to send it (through the append buffer and BUFFER_IS_FILE_DATA).
        
        .. seealso::
           protocol.txt, "PACKET_FILE_REQUEST 26"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeAssets.FileRequest, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.sha1 = self._io.read_bytes(20)
            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class GroupSetup(KaitaiStruct):
        """GROUP_SETUP (1 minimum): put blocks in a block group (blocks must be in a group to
        appear in the block menu). One byte deletes the group.
        
        .. seealso::
           protocol.txt, "PACKET_GROUP_SETUP 28"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeAssets.GroupSetup, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = self._io.read_u1()
            if self._io.size() > 1:
                pass
                self.block_ids = self._io.read_bytes_term(0, False, True, True)

            if self._io.size() > 1:
                pass
                self.name = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")



        def _fetch_instances(self):
            pass
            if self._io.size() > 1:
                pass

            if self._io.size() > 1:
                pass


        @property
        def deletes(self):
            """Only the group id - the group is deleted."""
            if hasattr(self, '_m_deletes'):
                return self._m_deletes

            self._m_deletes = self._io.size() == 1
            return getattr(self, '_m_deletes', None)


    class SkyBox(KaitaiStruct):
        """SKY_BOX: textures (U2 ids) for a sky box and an optional flags byte. The document
        lists sizes (0, 1, 3 - 6, 10 - 13), which do not match its 2-byte ids. Decision,
        following the fields and the prose: the number of textures is 6 from 12 bytes on,
        5 (negative z skipped) from 10, 2 (above the map, below the map) from 4, 1 (above
        the map and the four sides) from 2, none below 2; the flags byte follows the
        textures when the payload is long enough. So 0, 1 (flags only), 2, 3, 4, 5, 10, 11,
        12 and 13 bytes are exact; other sizes count as the next smaller one, the rest
        `ignored`. An empty packet selects no sky box.
        
        .. seealso::
           protocol.txt, "PACKET_SKY_BOX 42"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeAssets.SkyBox, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.texture_ids = []
            for i in range(self.num_textures):
                self.texture_ids.append(self._io.read_u2le())

            if self._io.size() > self.num_textures * 2:
                pass
                self.flags = MmeAssets.SkyBox.SkyBoxFlags(self._io, self, self._root)

            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            for i in range(len(self.texture_ids)):
                pass

            if self._io.size() > self.num_textures * 2:
                pass
                self.flags._fetch_instances()


        class SkyBoxFlags(KaitaiStruct):
            """The optional flags byte, bit 0 first.
            
            .. seealso::
               protocol.txt, "PACKET_SKY_BOX 42" (U1 flags)
            """
            def __init__(self, _io, _parent=None, _root=None):
                super(MmeAssets.SkyBox.SkyBoxFlags, self).__init__(_io)
                self._parent = _parent
                self._root = _root
                self._read()

            def _read(self):
                self.on_map_edges = self._io.read_bits_int_le(1) != 0
                self.reserved = self._io.read_bits_int_le(7)


            def _fetch_instances(self):
                pass


        @property
        def num_textures(self):
            """Number of texture ids the payload carries: 6, 5, 2, 1 or 0 (see the type's
            doc).
            """
            if hasattr(self, '_m_num_textures'):
                return self._m_num_textures

            self._m_num_textures = (6 if self._io.size() >= 12 else (5 if self._io.size() >= 10 else (2 if self._io.size() >= 4 else (1 if self._io.size() >= 2 else 0))))
            return getattr(self, '_m_num_textures', None)


    class TextureSetup(KaitaiStruct):
        """TEXTURE_SETUP (2, 22, 38). 2 bytes delete the texture setup; 22 bytes change only
        the image; 38 bytes change every property. Decision: the fields add up to 38 bytes,
        so the document's remark about a "50 byte packet" means the 38-byte variant.
        
        .. seealso::
           protocol.txt, "PACKET_TEXTURE_SETUP 27"
        """

        class MagFilter(IntEnum):
            linear = 0
            nearest = 1

        class MinFilter(IntEnum):
            linear = 0
            mipmap = 1
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeAssets.TextureSetup, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.texture_id = self._io.read_s2le()
            if not self.texture_id >= 1:
                raise kaitaistruct.ValidationLessThanError(1, self.texture_id, self._io, u"/types/texture_setup/seq/0")
            if not self.texture_id <= 4095:
                raise kaitaistruct.ValidationGreaterThanError(4095, self.texture_id, self._io, u"/types/texture_setup/seq/0")
            if self._io.size() >= 22:
                pass
                self.sha1 = self._io.read_bytes(20)

            if self._io.size() >= 38:
                pass
                self.width = self._io.read_f4le()

            if self._io.size() >= 38:
                pass
                self.height = self._io.read_f4le()

            if self._io.size() >= 38:
                pass
                self.alpha = self._io.read_f4le()

            if self._io.size() >= 38:
                pass
                self.flags = MmeAssets.TextureSetup.TextureFlags(self._io, self, self._root)

            self.ignored = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if self._io.size() >= 22:
                pass

            if self._io.size() >= 38:
                pass

            if self._io.size() >= 38:
                pass

            if self._io.size() >= 38:
                pass

            if self._io.size() >= 38:
                pass
                self.flags._fetch_instances()


        class TextureFlags(KaitaiStruct):
            """U32 flag bits, bit 0 first.
            
            .. seealso::
               protocol.txt, "PACKET_TEXTURE_SETUP 27" (U32 flag bits)
            """
            def __init__(self, _io, _parent=None, _root=None):
                super(MmeAssets.TextureSetup.TextureFlags, self).__init__(_io)
                self._parent = _parent
                self._root = _root
                self._read()

            def _read(self):
                self.min_filter = KaitaiStream.resolve_enum(MmeAssets.TextureSetup.MinFilter, self._io.read_bits_int_le(1))
                self.mag_filter = KaitaiStream.resolve_enum(MmeAssets.TextureSetup.MagFilter, self._io.read_bits_int_le(1))
                self.reserved = self._io.read_bits_int_le(30)


            def _fetch_instances(self):
                pass


        @property
        def deletes(self):
            """Only the id - the texture setup is deleted."""
            if hasattr(self, '_m_deletes'):
                return self._m_deletes

            self._m_deletes = self._io.size() < 22
            return getattr(self, '_m_deletes', None)



