# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import mme_types


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MmeMap(ReadWriteKaitaiStruct):
    """Payloads of the packets that create and fill the map: the loading screen, map setup and
    properties, fills, single-block changes, compressed region data, the append buffer and
    the whole-map stream. Block type 0 means "leave this block alone" in every one of them.
    
    Compressed data is zlib (the client also accepts gzip, anything zlib's automatic header
    detection accepts), and may be several streams appended end to end. It stays bytes
    here so the spec loads everywhere; wirestruct's runtime inflates it, capped by the
    region's volume, and `mme_map_region` parses the result.
    
    .. seealso::
       protocol.txt, "PACKET_MAP_SETUP 14" to "PACKET_BUFFER_IS_FILE_DATA 23"
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(MmeMap, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(MmeMap, self)._write__seq(io)


    def _check(self):
        self._dirty = False

    class BufferIsMapData(ReadWriteKaitaiStruct):
        """BUFFER_IS_MAP_DATA (12): inflate the whole buffer (possibly several compressed
        streams end to end) into this region, as MAP_DATA does.
        
        .. seealso::
           protocol.txt, "PACKET_BUFFER_IS_MAP_DATA 22"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMap.BufferIsMapData, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.region = mme_types.MmeTypes.Region(self._io)
            self.region._read()
            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.region._fetch_instances()


        def _write__seq(self, io=None):
            super(MmeMap.BufferIsMapData, self)._write__seq(io)
            self.region._write__seq(self._io)
            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class CompressedChunk(ReadWriteKaitaiStruct):
        """BUFFER_APPEND and MAP_TOTAL_DATA (any size): the next piece of a compressed byte
        stream. BUFFER_APPEND adds it to the buffer; MAP_TOTAL_DATA inflates it straight
        into the whole map (x fastest, then y, then z) as it arrives.
        
        .. seealso::
           protocol.txt, "PACKET_BUFFER_RESET 20" and "PACKET_MAP_TOTAL_RESET 18"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMap.CompressedChunk, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.data = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(MmeMap.CompressedChunk, self)._write__seq(io)
            self._io.write_bytes(self.data)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"data", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class MapData(ReadWriteKaitaiStruct):
        """MAP_DATA (12 minimum): compressed block data for a region, x fastest, then y, then
        z; decompressed it is exactly `region.volume` bytes. 0 bytes leave blocks alone.
        The compressed size is at most 65524 bytes (32x32x32 chunks are recommended).
        
        .. seealso::
           protocol.txt, "PACKET_MAP_DATA 17"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMap.MapData, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.region = mme_types.MmeTypes.Region(self._io)
            self.region._read()
            self.data = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.region._fetch_instances()


        def _write__seq(self, io=None):
            super(MmeMap.MapData, self)._write__seq(io)
            self.region._write__seq(self._io)
            self._io.write_bytes(self.data)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"data", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class MapFill(ReadWriteKaitaiStruct):
        """MAP_FILL (13, 14): fill a region (corners inclusive) with one block type; the
        player id is optional.
        
        .. seealso::
           protocol.txt, "PACKET_MAP_FILL 16"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMap.MapFill, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.region = mme_types.MmeTypes.Region(self._io)
            self.region._read()
            self.block_type = self._io.read_u1()
            if self._io.size() >= 14:
                pass
                self.player_id = self._io.read_u1()

            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.region._fetch_instances()
            if self._io.size() >= 14:
                pass



        def _write__seq(self, io=None):
            super(MmeMap.MapFill, self)._write__seq(io)
            self.region._write__seq(self._io)
            self._io.write_u1(self.block_type)
            if self._io.size() >= 14:
                pass
                self._io.write_u1(self.player_id)

            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class MapLoading(ReadWriteKaitaiStruct):
        """MAP_LOADING (any size): shows the map loading screen with a progress bar; an empty
        packet removes it.
        
        .. seealso::
           protocol.txt, "PACKET_MAP_LOADING 12"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMap.MapLoading, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            if self._io.size() >= 1:
                pass
                self.progress = self._io.read_u1()

            if self._io.size() >= 2:
                pass
                self.message = (KaitaiStream.bytes_terminate(self._io.read_bytes_full(), 0, False)).decode(u"ISO-8859-1")

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self._io.size() >= 1:
                pass

            if self._io.size() >= 2:
                pass



        def _write__seq(self, io=None):
            super(MmeMap.MapLoading, self)._write__seq(io)
            if self._io.size() >= 1:
                pass
                self._io.write_u1(self.progress)

            if self._io.size() >= 2:
                pass
                self._io.write_bytes_limit((self.message).encode(u"ISO-8859-1"), self._io.size() - self._io.pos(), 0, 0)
                if not self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"message", 0, self._io.size() - self._io.pos())



        def _check(self):
            self._dirty = False

        @property
        def removes_screen(self):
            """An empty packet - the loading screen is removed."""
            if hasattr(self, '_m_removes_screen'):
                return self._m_removes_screen

            self._m_removes_screen = self._io.size() == 0
            return getattr(self, '_m_removes_screen', None)

        def _invalidate_removes_screen(self):
            del self._m_removes_screen

    class MapModify(ReadWriteKaitaiStruct):
        """MAP_MODIFY (7, 8): change one block.
        
        .. seealso::
           protocol.txt, "PACKET_MAP_MODIFY 25"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMap.MapModify, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.x = self._io.read_s2le()
            self.y = self._io.read_s2le()
            self.z = self._io.read_s2le()
            self.block_type = self._io.read_u1()
            if self._io.size() >= 8:
                pass
                self.player_id = self._io.read_u1()

            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            if self._io.size() >= 8:
                pass



        def _write__seq(self, io=None):
            super(MmeMap.MapModify, self)._write__seq(io)
            self._io.write_s2le(self.x)
            self._io.write_s2le(self.y)
            self._io.write_s2le(self.z)
            self._io.write_u1(self.block_type)
            if self._io.size() >= 8:
                pass
                self._io.write_u1(self.player_id)

            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class MapProperties(ReadWriteKaitaiStruct):
        """MAP_PROPERTIES (8): properties that do not reset the map data.
        
        .. seealso::
           protocol.txt, "PACKET_MAP_PROPERTIES 15"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMap.MapProperties, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.attributes = MmeMap.MapProperties.Attributes(self._io, self, self._root)
            self.attributes._read()
            self.block_size = self._io.read_f4le()
            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.attributes._fetch_instances()


        def _write__seq(self, io=None):
            super(MmeMap.MapProperties, self)._write__seq(io)
            self.attributes._write__seq(self._io)
            self._io.write_f4le(self.block_size)
            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            if self.attributes._root != self._root:
                raise kaitaistruct.ConsistencyError(u"attributes", self._root, self.attributes._root)
            if self.attributes._parent != self:
                raise kaitaistruct.ConsistencyError(u"attributes", self, self.attributes._parent)
            self._dirty = False

        class Attributes(ReadWriteKaitaiStruct):
            """U4 bit mask, bit 0 first.
            
            .. seealso::
               protocol.txt, "PACKET_MAP_PROPERTIES 15" (U4 bit mask)
            """
            def __init__(self, _io=None, _parent=None, _root=None):
                super(MmeMap.MapProperties.Attributes, self).__init__(_io)
                self._parent = _parent
                self._root = _root

            def _read(self):
                self.removed_features = self._io.read_bits_int_le(3)
                self.reserved = self._io.read_bits_int_le(29)
                self._dirty = False


            def _fetch_instances(self):
                pass


            def _write__seq(self, io=None):
                super(MmeMap.MapProperties.Attributes, self)._write__seq(io)
                self._io.write_bits_int_le(3, self.removed_features)
                self._io.write_bits_int_le(29, self.reserved)


            def _check(self):
                self._dirty = False



    class MapSetup(ReadWriteKaitaiStruct):
        """MAP_SETUP (0, 8): free the current map and create an empty one of these dimensions;
        an empty packet only frees the map.
        
        .. seealso::
           protocol.txt, "PACKET_MAP_SETUP 14"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMap.MapSetup, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            if self._io.size() >= 8:
                pass
                self.size_x = self._io.read_u2le()
                _ = self.size_x
                if not _ % 32 == 0:
                    raise kaitaistruct.ValidationExprError(self.size_x, self._io, u"/types/map_setup/seq/0")

            if self._io.size() >= 8:
                pass
                self.size_y = self._io.read_u2le()
                _ = self.size_y
                if not _ % 32 == 0:
                    raise kaitaistruct.ValidationExprError(self.size_y, self._io, u"/types/map_setup/seq/1")

            if self._io.size() >= 8:
                pass
                self.size_z = self._io.read_u2le()
                _ = self.size_z
                if not _ % 32 == 0:
                    raise kaitaistruct.ValidationExprError(self.size_z, self._io, u"/types/map_setup/seq/2")

            if self._io.size() >= 8:
                pass
                self.sea_level = self._io.read_u2le()

            self.ignored = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            if self._io.size() >= 8:
                pass

            if self._io.size() >= 8:
                pass

            if self._io.size() >= 8:
                pass

            if self._io.size() >= 8:
                pass



        def _write__seq(self, io=None):
            super(MmeMap.MapSetup, self)._write__seq(io)
            if self._io.size() >= 8:
                pass
                self._io.write_u2le(self.size_x)

            if self._io.size() >= 8:
                pass
                self._io.write_u2le(self.size_y)

            if self._io.size() >= 8:
                pass
                self._io.write_u2le(self.size_z)

            if self._io.size() >= 8:
                pass
                self._io.write_u2le(self.sea_level)

            self._io.write_bytes(self.ignored)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"ignored", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False

        @property
        def frees(self):
            """No dimensions - the map is freed and none is created."""
            if hasattr(self, '_m_frees'):
                return self._m_frees

            self._m_frees = self._io.size() < 8
            return getattr(self, '_m_frees', None)

        def _invalidate_frees(self):
            del self._m_frees


