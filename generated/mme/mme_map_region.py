# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mme_types


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MmeMapRegion(KaitaiStruct):
    """Map data as wirestruct's runtime expands it for the Kaitai Web IDE: the region of a
    MAP_DATA or BUFFER_IS_MAP_DATA packet (its 12 bytes as on the wire) followed by the
    inflated block data of that region. The block data is laid out as the document
    describes: `layers[z - lower_z].rows[y - lower_y].blocks[x - lower_x]`, x varying
    fastest. Block 0 means "leave this block alone". This layout is wirestruct's export,
    not a packet on the wire.
    
    .. seealso::
       protocol.txt, "PACKET_MAP_DATA 17"
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(MmeMapRegion, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.region = mme_types.MmeTypes.Region(self._io)
        self.layers = []
        for i in range(self.region.size_z):
            self.layers.append(MmeMapRegion.Layer(self._io, self, self._root))



    def _fetch_instances(self):
        pass
        self.region._fetch_instances()
        for i in range(len(self.layers)):
            pass
            self.layers[i]._fetch_instances()


    class Layer(KaitaiStruct):
        """The blocks of one z, as size_y rows.
        
        .. seealso::
           protocol.txt, "PACKET_MAP_DATA 17" (the index formula)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeMapRegion.Layer, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.rows = []
            for i in range(self._root.region.size_y):
                self.rows.append(MmeMapRegion.Row(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            for i in range(len(self.rows)):
                pass
                self.rows[i]._fetch_instances()



    class Row(KaitaiStruct):
        """The blocks of one y within a layer, x varying.
        
        .. seealso::
           protocol.txt, "PACKET_MAP_DATA 17" (the index formula)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MmeMapRegion.Row, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.blocks = self._io.read_bytes(self._root.region.size_x)


        def _fetch_instances(self):
            pass



