# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_network_update


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmNetworkUpdateBody(ReadWriteKaitaiStruct):
    """The body of a 21 Initialization Network Update or 22 Network Update after LZ4
    decompression and with every DeltaUpdate already reconstructed by the wirestruct
    runtime, so that every sub-update is a RawUpdate (be u16 size including itself, then a
    NetworkUpdate). This is the file the Web IDE export writes for these packets.
    
    On the wire a sub-update whose first bit is set is a DeltaUpdate: a bitfield of
    `(n + 8) >> 3` bytes, `n` being the size of the previous sub-update's data (which may
    have been in an earlier packet), then the replaced bytes. Its length cannot be known
    from the packet alone, so only the runtime (wirestruct.scrap_mechanic.delta) can expand
    it; this spec describes the result. Decision where the document is loose: the
    pseudo-code loops over bitfield bytes, but the worked example (`80 ef 02`) goes bit by
    bit, from the least significant bit of the last bitfield byte (data byte 0) upwards; a
    set bit keeps the previous byte. The runtime follows the example.
    
    The Web IDE has no record of earlier Creates: each NetworkUpdate is opened with
    controller type 0 (not known), and the controller type of UpdateRigidBody and
    UpdateChildShape is recovered from the data size (see `sm_network_update`).
    
    .. seealso::
       21 - Initialization Network Update, section Structure
    
    
    .. seealso::
       22 - Network Update, sections Structure and DeltaUpdate
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmNetworkUpdateBody, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.tick = self._io.read_u4be()
        self.sub_updates = []
        i = 0
        while not self._io.is_eof():
            _t_sub_updates = SmNetworkUpdateBody.RawUpdate(self._io, self, self._root)
            try:
                _t_sub_updates._read()
            finally:
                self.sub_updates.append(_t_sub_updates)
            i += 1

        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.sub_updates)):
            pass
            self.sub_updates[i]._fetch_instances()



    def _write__seq(self, io=None):
        super(SmNetworkUpdateBody, self)._write__seq(io)
        self._io.write_u4be(self.tick)
        for i in range(len(self.sub_updates)):
            pass
            if self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"sub_updates", 0, self._io.size() - self._io.pos())
            self.sub_updates[i]._write__seq(self._io)

        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"sub_updates", 0, self._io.size() - self._io.pos())


    def _check(self):
        for i in range(len(self.sub_updates)):
            pass
            if self.sub_updates[i]._root != self._root:
                raise kaitaistruct.ConsistencyError(u"sub_updates", self._root, self.sub_updates[i]._root)
            if self.sub_updates[i]._parent != self:
                raise kaitaistruct.ConsistencyError(u"sub_updates", self, self.sub_updates[i]._parent)

        self._dirty = False

    class RawUpdate(ReadWriteKaitaiStruct):
        """
        .. seealso::
           22 - Network Update, section RawUpdate
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdateBody.RawUpdate, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_update = self._io.read_u2be()
            if not self.len_update >= 2:
                raise kaitaistruct.ValidationLessThanError(2, self.len_update, self._io, u"/types/raw_update/seq/0")
            if not self.len_update <= 32767:
                raise kaitaistruct.ValidationGreaterThanError(32767, self.len_update, self._io, u"/types/raw_update/seq/0")
            self._raw_data = self._io.read_bytes(self.len_update - 2)
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = sm_network_update.SmNetworkUpdate(0, _io__raw_data)
            self.data._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.data._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdateBody.RawUpdate, self)._write__seq(io)
            self._io.write_u2be(self.len_update)
            _io__raw_data = KaitaiStream(BytesIO(bytearray(self.len_update - 2)))
            self._io.add_child_stream(_io__raw_data)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_update - 2))
            def handler(parent, _io__raw_data=_io__raw_data):
                self._raw_data = _io__raw_data.to_byte_array()
                if len(self._raw_data) != self.len_update - 2:
                    raise kaitaistruct.ConsistencyError(u"raw(data)", self.len_update - 2, len(self._raw_data))
                parent.write_bytes(self._raw_data)
            _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.data._write__seq(_io__raw_data)


        def _check(self):
            if not self.len_update >= 2:
                raise kaitaistruct.ValidationLessThanError(2, self.len_update, None, u"/types/raw_update/seq/0")
            if not self.len_update <= 32767:
                raise kaitaistruct.ValidationGreaterThanError(32767, self.len_update, None, u"/types/raw_update/seq/0")
            if self.data.known_controller_type != 0:
                raise kaitaistruct.ConsistencyError(u"data", 0, self.data.known_controller_type)
            self._dirty = False



