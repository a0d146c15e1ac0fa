# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import mme_types


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MmeMapRegion(ReadWriteKaitaiStruct):
    """Map data as wirestruct's runtime expands it for the Kaitai Web IDE: the region of a
    MAP_DATA or BUFFER_IS_MAP_DATA packet (its 12 bytes as on the wire) followed by the
    inflated block data of that region. The block data is laid out as the document
    describes: `layers[z - lower_z].rows[y - lower_y].blocks[x - lower_x]`, x varying
    fastest. Block 0 means "leave this block alone". This layout is wirestruct's export,
    not a packet on the wire.
    
    .. seealso::
       protocol.txt, "PACKET_MAP_DATA 17"
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(MmeMapRegion, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.region = mme_types.MmeTypes.Region(self._io)
        self.region._read()
        self.layers = []
        for i in range(self.region.size_z):
            _t_layers = MmeMapRegion.Layer(self._io, self, self._root)
            try:
                _t_layers._read()
            finally:
                self.layers.append(_t_layers)

        self._dirty = False


    def _fetch_instances(self):
        pass
        self.region._fetch_instances()
        for i in range(len(self.layers)):
            pass
            self.layers[i]._fetch_instances()



    def _write__seq(self, io=None):
        super(MmeMapRegion, self)._write__seq(io)
        self.region._write__seq(self._io)
        for i in range(len(self.layers)):
            pass
            self.layers[i]._write__seq(self._io)



    def _check(self):
        if len(self.layers) != self.region.size_z:
            raise kaitaistruct.ConsistencyError(u"layers", self.region.size_z, len(self.layers))
        for i in range(len(self.layers)):
            pass
            if self.layers[i]._root != self._root:
                raise kaitaistruct.ConsistencyError(u"layers", self._root, self.layers[i]._root)
            if self.layers[i]._parent != self:
                raise kaitaistruct.ConsistencyError(u"layers", self, self.layers[i]._parent)

        self._dirty = False

    class Layer(ReadWriteKaitaiStruct):
        """The blocks of one z, as size_y rows.
        
        .. seealso::
           protocol.txt, "PACKET_MAP_DATA 17" (the index formula)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMapRegion.Layer, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.rows = []
            for i in range(self._root.region.size_y):
                _t_rows = MmeMapRegion.Row(self._io, self, self._root)
                try:
                    _t_rows._read()
                finally:
                    self.rows.append(_t_rows)

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.rows)):
                pass
                self.rows[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(MmeMapRegion.Layer, self)._write__seq(io)
            for i in range(len(self.rows)):
                pass
                self.rows[i]._write__seq(self._io)



        def _check(self):
            if len(self.rows) != self._root.region.size_y:
                raise kaitaistruct.ConsistencyError(u"rows", self._root.region.size_y, len(self.rows))
            for i in range(len(self.rows)):
                pass
                if self.rows[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"rows", self._root, self.rows[i]._root)
                if self.rows[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"rows", self, self.rows[i]._parent)

            self._dirty = False


    class Row(ReadWriteKaitaiStruct):
        """The blocks of one y within a layer, x varying.
        
        .. seealso::
           protocol.txt, "PACKET_MAP_DATA 17" (the index formula)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(MmeMapRegion.Row, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.blocks = self._io.read_bytes(self._root.region.size_x)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(MmeMapRegion.Row, self)._write__seq(io)
            self._io.write_bytes(self.blocks)


        def _check(self):
            if len(self.blocks) != self._root.region.size_x:
                raise kaitaistruct.ConsistencyError(u"blocks", self._root.region.size_x, len(self.blocks))
            self._dirty = False



