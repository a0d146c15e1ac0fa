# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class DiepTypes(ReadWriteKaitaiStruct):
    """The primitive encodings every diep.io packet is built from, in one place so that the
    clientbound and serverbound specs import them. Every type exposes its decoded value as
    `value` (or as the instances named in its doc), computed with `+`, `*`, `/` and `%` so
    that the JavaScript build (the Kaitai Web IDE) keeps all 32 bits.
    
    Varints are unsigned LEB128 of a 32-bit value (`vu`); `vi` is the zigzag of an int32
    written as a `vu`; `vf` is a float32 bit pattern, byte-reversed, written as a `vi`.
    Jump tables are read one entry at a time: each entry is a `vu` holding
    `(index - previous index) XOR 1`, starting from a previous index of -1, and the byte
    `01` (a jump of 0) closes the table.
    
    .. seealso::
       data.md "Encoding Types", "Special Types", "Data Organization"
    
    
    .. seealso::
       README.md section 1 "Primitives"
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(DiepTypes, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(DiepTypes, self)._write__seq(io)


    def _check(self):
        self._dirty = False

    class Entid(ReadWriteKaitaiStruct):
        """A reference to an entity: `vu(hash)`, then `vu(id)` only when the hash is not 0.
        "No entity" is the single byte `00`. The id is a slot number reused after deletion;
        the hash counts how often that id has been handed out, so the pair identifies an
        entity.
        
        .. seealso::
           data.md "entid"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(DiepTypes.Entid, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.hash = DiepTypes.Vu(self._io, self, self._root)
            self.hash._read()
            if self.hash.value != 0:
                pass
                self.id = DiepTypes.Vu(self._io, self, self._root)
                self.id._read()

            self._dirty = False


        def _fetch_instances(self):
            pass
            self.hash._fetch_instances()
            if self.hash.value != 0:
                pass
                self.id._fetch_instances()



        def _write__seq(self, io=None):
            super(DiepTypes.Entid, self)._write__seq(io)
            self.hash._write__seq(self._io)
            if self.hash.value != 0:
                pass
                self.id._write__seq(self._io)



        def _check(self):
            if self.hash._root != self._root:
                raise kaitaistruct.ConsistencyError(u"hash", self._root, self.hash._root)
            if self.hash._parent != self:
                raise kaitaistruct.ConsistencyError(u"hash", self, self.hash._parent)
            if self.hash.value != 0:
                pass
                if self.id._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id", self._root, self.id._root)
                if self.id._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id", self, self.id._parent)

            self._dirty = False

        @property
        def is_null(self):
            """True for "no entity"."""
            if hasattr(self, '_m_is_null'):
                return self._m_is_null

            self._m_is_null = self.hash.value == 0
            return getattr(self, '_m_is_null', None)

        def _invalidate_is_null(self):
            del self._m_is_null

    class F32(ReadWriteKaitaiStruct):
        """float32, IEEE-754 binary32, little-endian.
        
        .. seealso::
           README.md section 1 "float"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(DiepTypes.F32, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.value = self._io.read_f4le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(DiepTypes.F32, self)._write__seq(io)
            self._io.write_f4le(self.value)


        def _check(self):
            self._dirty = False


    class FixedPoint(ReadWriteKaitaiStruct):
        """A fixed-point number written as a `vi` of `trunc(value * scale)`; the field table
        calls it `float64Precision` (scale 64, six fraction bits). Examples: 7.5 is `c0 07`,
        193/64 = 3.015625 is `82 03`.
        
        .. seealso::
           README.md section 1 "float64Precision"
        """
        def __init__(self, scale, _io=None, _parent=None, _root=None):
            super(DiepTypes.FixedPoint, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.scale = scale

        def _read(self):
            self.scaled = DiepTypes.Vi(self._io, self, self._root)
            self.scaled._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.scaled._fetch_instances()


        def _write__seq(self, io=None):
            super(DiepTypes.FixedPoint, self)._write__seq(io)
            self.scaled._write__seq(self._io)


        def _check(self):
            if self.scaled._root != self._root:
                raise kaitaistruct.ConsistencyError(u"scaled", self._root, self.scaled._root)
            if self.scaled._parent != self:
                raise kaitaistruct.ConsistencyError(u"scaled", self, self.scaled._parent)
            self._dirty = False

        @property
        def value(self):
            """The decoded number, `scaled / scale`; not a float64 despite the document's name."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.scaled.value * 1.0) / self.scale
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value

    class IndexEntry(ReadWriteKaitaiStruct):
        """One entry of an index-only jump table, with the bit set of the indexes so far.
        
        .. seealso::
           data.md "Data Organization"
        """
        def __init__(self, prev_index, prev_mask, num_slots, _io=None, _parent=None, _root=None):
            super(DiepTypes.IndexEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.prev_index = prev_index
            self.prev_mask = prev_mask
            self.num_slots = num_slots

        def _read(self):
            self.jump = DiepTypes.Jump(self.prev_index, self.num_slots, self._io, self, self._root)
            self.jump._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.jump._fetch_instances()


        def _write__seq(self, io=None):
            super(DiepTypes.IndexEntry, self)._write__seq(io)
            self.jump._write__seq(self._io)


        def _check(self):
            if self.jump._root != self._root:
                raise kaitaistruct.ConsistencyError(u"jump", self._root, self.jump._root)
            if self.jump._parent != self:
                raise kaitaistruct.ConsistencyError(u"jump", self, self.jump._parent)
            if self.jump.prev_index != self.prev_index:
                raise kaitaistruct.ConsistencyError(u"jump", self.prev_index, self.jump.prev_index)
            if self.jump.num_slots != self.num_slots:
                raise kaitaistruct.ConsistencyError(u"jump", self.num_slots, self.jump.num_slots)
            self._dirty = False

        @property
        def index(self):
            """The index this entry adds."""
            if hasattr(self, '_m_index'):
                return self._m_index

            self._m_index = self.jump.index
            return getattr(self, '_m_index', None)

        def _invalidate_index(self):
            del self._m_index
        @property
        def is_end(self):
            """This entry closes the table."""
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.jump.is_end
            return getattr(self, '_m_is_end', None)

        def _invalidate_is_end(self):
            del self._m_is_end
        @property
        def mask(self):
            """Bit set of the indexes up to and including this one."""
            if hasattr(self, '_m_mask'):
                return self._m_mask

            self._m_mask = (self.prev_mask if self.jump.is_end else self.prev_mask + ((((2 if self.jump.index % 2 == 1 else 1) * (4 if (self.jump.index // 2) % 2 == 1 else 1)) * (16 if (self.jump.index // 4) % 2 == 1 else 1)) * (256 if (self.jump.index // 8) % 2 == 1 else 1)) * (65536 if (self.jump.index // 16) % 2 == 1 else 1))
            return getattr(self, '_m_mask', None)

        def _invalidate_mask(self):
            del self._m_mask

    class IndexTable(ReadWriteKaitaiStruct):
        """A jump table of indexes with no values (the field-group table of a creation). The
        example `00 02 00 05 03 00 03 01` gives the indexes [0, 3, 4, 8, 10, 11, 13] (the
        document lists a 5 as well, an arithmetic slip: its own bytes do not give it).
        
        .. seealso::
           data.md "Data Organization"
        
        
        .. seealso::
           README.md section 6 item 8
        """
        def __init__(self, num_slots, _io=None, _parent=None, _root=None):
            super(DiepTypes.IndexTable, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.num_slots = num_slots

        def _read(self):
            self.entries = []
            i = 0
            while True:
                _t_entries = DiepTypes.IndexEntry((-1 if i == 0 else self.entries[i - 1].index), (0 if i == 0 else self.entries[i - 1].mask), self.num_slots, self._io, self, self._root)
                try:
                    _t_entries._read()
                finally:
                    _ = _t_entries
                    self.entries.append(_)
                if _.is_end:
                    break
                i += 1
            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.entries)):
                pass
                self.entries[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(DiepTypes.IndexTable, self)._write__seq(io)
            for i in range(len(self.entries)):
                pass
                self.entries[i]._write__seq(self._io)



        def _check(self):
            if len(self.entries) == 0:
                raise kaitaistruct.ConsistencyError(u"entries", 0, len(self.entries))
            for i in range(len(self.entries)):
                pass
                if self.entries[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"entries", self._root, self.entries[i]._root)
                if self.entries[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"entries", self, self.entries[i]._parent)
                if self.entries[i].prev_index != (-1 if i == 0 else self.entries[i - 1].index):
                    raise kaitaistruct.ConsistencyError(u"entries", (-1 if i == 0 else self.entries[i - 1].index), self.entries[i].prev_index)
                if self.entries[i].prev_mask != (0 if i == 0 else self.entries[i - 1].mask):
                    raise kaitaistruct.ConsistencyError(u"entries", (0 if i == 0 else self.entries[i - 1].mask), self.entries[i].prev_mask)
                if self.entries[i].num_slots != self.num_slots:
                    raise kaitaistruct.ConsistencyError(u"entries", self.num_slots, self.entries[i].num_slots)
                _ = self.entries[i]
                if _.is_end != (i == len(self.entries) - 1):
                    raise kaitaistruct.ConsistencyError(u"entries", i == len(self.entries) - 1, _.is_end)

            self._dirty = False

        @property
        def mask(self):
            """The indexes as a bit set (bit n set when index n is in the table)."""
            if hasattr(self, '_m_mask'):
                return self._m_mask

            self._m_mask = self.entries[-1].mask
            return getattr(self, '_m_mask', None)

        def _invalidate_mask(self):
            del self._m_mask
        @property
        def num_indexes(self):
            """How many indexes the table lists (the closing entry not counted)."""
            if hasattr(self, '_m_num_indexes'):
                return self._m_num_indexes

            self._m_num_indexes = len(self.entries) - 1
            return getattr(self, '_m_num_indexes', None)

        def _invalidate_num_indexes(self):
            del self._m_num_indexes

    class Jump(ReadWriteKaitaiStruct):
        """One entry of an xor-1 jump table: a `vu` holding `(index - prev_index) XOR 1`. The
        value 1 (a jump of 0) closes the table. Indexes strictly increase, so the entry is
        checked to land inside the table's `num_slots` slots.
        
        .. seealso::
           data.md "Data Organization"
        """
        def __init__(self, prev_index, num_slots, _io=None, _parent=None, _root=None):
            super(DiepTypes.Jump, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.prev_index = prev_index
            self.num_slots = num_slots

        def _read(self):
            self.xored_jump = self._io.read_u1()
            _ = self.xored_jump
            if not  ((_ <= self.num_slots + 1) and ( ((_ == 1) or (self.prev_index + (_ + 1 if _ % 2 == 0 else _ - 1) < self.num_slots)) )) :
                raise kaitaistruct.ValidationExprError(self.xored_jump, self._io, u"/types/jump/seq/0")
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(DiepTypes.Jump, self)._write__seq(io)
            self._io.write_u1(self.xored_jump)


        def _check(self):
            _ = self.xored_jump
            if not  ((_ <= self.num_slots + 1) and ( ((_ == 1) or (self.prev_index + (_ + 1 if _ % 2 == 0 else _ - 1) < self.num_slots)) )) :
                raise kaitaistruct.ValidationExprError(self.xored_jump, None, u"/types/jump/seq/0")
            self._dirty = False

        @property
        def index(self):
            """The index this entry jumps to (equal to `prev_index` for the closing entry)."""
            if hasattr(self, '_m_index'):
                return self._m_index

            self._m_index = self.prev_index + (self.xored_jump + 1 if self.xored_jump % 2 == 0 else self.xored_jump - 1)
            return getattr(self, '_m_index', None)

        def _invalidate_index(self):
            del self._m_index
        @property
        def is_end(self):
            """This entry closes the table (jump of 0)."""
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.xored_jump == 1
            return getattr(self, '_m_is_end', None)

        def _invalidate_is_end(self):
            del self._m_is_end

    class SlotNotSent(ReadWriteKaitaiStruct):
        """A slot of the field order that the build never sends (its group is not compiled
        in). A jump table that reaches it is corrupt, so reading it always fails.
        
        .. seealso::
           README.md section 3.2
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(DiepTypes.SlotNotSent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.never_sent = self._io.read_bytes(0)
            _ = self.never_sent
            if not False:
                raise kaitaistruct.ValidationExprError(self.never_sent, self._io, u"/types/slot_not_sent/seq/0")
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(DiepTypes.SlotNotSent, self)._write__seq(io)
            self._io.write_bytes(self.never_sent)


        def _check(self):
            if len(self.never_sent) != 0:
                raise kaitaistruct.ConsistencyError(u"never_sent", 0, len(self.never_sent))
            _ = self.never_sent
            if not False:
                raise kaitaistruct.ValidationExprError(self.never_sent, None, u"/types/slot_not_sent/seq/0")
            self._dirty = False


    class StringNt(ReadWriteKaitaiStruct):
        """stringNT, UTF-8 bytes followed by one `00`; no length prefix.
        
        .. seealso::
           README.md section 1 "stringNT"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(DiepTypes.StringNt, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.value = (self._io.read_bytes_term(0, False, True, True)).decode(u"UTF-8")
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(DiepTypes.StringNt, self)._write__seq(io)
            self._io.write_bytes((self.value).encode(u"UTF-8"))
            self._io.write_u1(0)


        def _check(self):
            if KaitaiStream.byte_array_index_of((self.value).encode(u"UTF-8"), 0) != -1:
                raise kaitaistruct.ConsistencyError(u"value", -1, KaitaiStream.byte_array_index_of((self.value).encode(u"UTF-8"), 0))
            self._dirty = False


    class U32(ReadWriteKaitaiStruct):
        """uint32, little-endian.
        
        .. seealso::
           README.md section 1 "u32"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(DiepTypes.U32, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.value = self._io.read_u4le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(DiepTypes.U32, self)._write__seq(io)
            self._io.write_u4le(self.value)


        def _check(self):
            self._dirty = False


    class Vf(ReadWriteKaitaiStruct):
        """varfloat32: the bit pattern of a float32 read as an int32, its four bytes reversed,
        then written as a `vi`. Only the serverbound input packet uses it (mouse position and
        joystick axes). `value` is worked out from sign, exponent and fraction with plain
        arithmetic; for an exponent of 255 (infinity or NaN) it is not meaningful, see
        `is_finite`.
        
        When writing, the float's bits, byte-swapped, are written as a `vi`: set `swapped`'s
        bytes from them; the float is computed.
        
        .. seealso::
           README.md section 1 "vf"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(DiepTypes.Vf, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.swapped = DiepTypes.Vi(self._io, self, self._root)
            self.swapped._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.swapped._fetch_instances()


        def _write__seq(self, io=None):
            super(DiepTypes.Vf, self)._write__seq(io)
            self.swapped._write__seq(self._io)


        def _check(self):
            if self.swapped._root != self._root:
                raise kaitaistruct.ConsistencyError(u"swapped", self._root, self.swapped._root)
            if self.swapped._parent != self:
                raise kaitaistruct.ConsistencyError(u"swapped", self, self.swapped._parent)
            self._dirty = False

        @property
        def bits(self):
            """The IEEE-754 binary32 bit pattern of the value."""
            if hasattr(self, '_m_bits'):
                return self._m_bits

            self._m_bits = (((self.swapped_u4 % 256) * 16777216 + ((self.swapped_u4 // 256) % 256) * 65536) + ((self.swapped_u4 // 65536) % 256) * 256) + self.swapped_u4 // 16777216
            return getattr(self, '_m_bits', None)

        def _invalidate_bits(self):
            del self._m_bits
        @property
        def exponent(self):
            """Bits 23-30, the biased exponent (0 for zero and subnormals, 255 for infinity and NaN)."""
            if hasattr(self, '_m_exponent'):
                return self._m_exponent

            self._m_exponent = (self.bits // 8388608) % 256
            return getattr(self, '_m_exponent', None)

        def _invalidate_exponent(self):
            del self._m_exponent
        @property
        def fraction(self):
            """Bits 0-22, the fraction without the implicit leading bit."""
            if hasattr(self, '_m_fraction'):
                return self._m_fraction

            self._m_fraction = self.bits % 8388608
            return getattr(self, '_m_fraction', None)

        def _invalidate_fraction(self):
            del self._m_fraction
        @property
        def is_finite(self):
            """False for infinity and NaN, whose `value` is not meaningful."""
            if hasattr(self, '_m_is_finite'):
                return self._m_is_finite

            self._m_is_finite = self.exponent != 255
            return getattr(self, '_m_is_finite', None)

        def _invalidate_is_finite(self):
            del self._m_is_finite
        @property
        def scale(self):
            """2 to the power (exponent - 150), built from the exponent's bits."""
            if hasattr(self, '_m_scale'):
                return self._m_scale

            self._m_scale = ((((((((2.0 if self.exponent % 2 == 1 else 1.0) * (4.0 if (self.exponent // 2) % 2 == 1 else 1.0)) * (16.0 if (self.exponent // 4) % 2 == 1 else 1.0)) * (256.0 if (self.exponent // 8) % 2 == 1 else 1.0)) * (65536.0 if (self.exponent // 16) % 2 == 1 else 1.0)) * (4294967296.0 if (self.exponent // 32) % 2 == 1 else 1.0)) * (18446744073709551616.0 if (self.exponent // 64) % 2 == 1 else 1.0)) * (18446744073709551616.0 * 18446744073709551616.0 if (self.exponent // 128) % 2 == 1 else 1.0)) * 7.006492321624085E-46
            return getattr(self, '_m_scale', None)

        def _invalidate_scale(self):
            del self._m_scale
        @property
        def sign(self):
            """Bit 31, 1 for a negative value."""
            if hasattr(self, '_m_sign'):
                return self._m_sign

            self._m_sign = self.bits // 2147483648
            return getattr(self, '_m_sign', None)

        def _invalidate_sign(self):
            del self._m_sign
        @property
        def significand(self):
            """The 24-bit significand, implicit leading bit included (subnormals doubled to
            share the scale below).
            """
            if hasattr(self, '_m_significand'):
                return self._m_significand

            self._m_significand = (self.fraction * 2 if self.exponent == 0 else self.fraction + 8388608)
            return getattr(self, '_m_significand', None)

        def _invalidate_significand(self):
            del self._m_significand
        @property
        def swapped_u4(self):
            """The same 32 bits, unsigned."""
            if hasattr(self, '_m_swapped_u4'):
                return self._m_swapped_u4

            self._m_swapped_u4 = (self.swapped.value + 4294967296 if self.swapped.value < 0 else self.swapped.value)
            return getattr(self, '_m_swapped_u4', None)

        def _invalidate_swapped_u4(self):
            del self._m_swapped_u4
        @property
        def value(self):
            """The float32 value (as a double)."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = ((-1.0 if self.sign == 1 else 1.0) * self.significand) * self.scale
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value

    class Vi(ReadWriteKaitaiStruct):
        """varint32: an int32 zigzag-encoded (0 -> 0, -1 -> 1, 1 -> 2, -2 -> 3 ...) and written
        as a `vu`. Examples: 562 is `e4 08`, -1051 is `b5 10`, 9682 is `a4 97 01`. The `vu`
        bytes are read here directly (the same five as in `vu`), one object fewer per value
        on the hottest path of the 0x00 packet.
        
        When writing, zigzag-encode the value and set the bytes as for `vu`
        (`wirestruct.diep.encoder.vi_fields`).
        
        .. seealso::
           README.md section 1 "vi"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(DiepTypes.Vi, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.b0 = self._io.read_u1()
            if self.b0 >= 128:
                pass
                self.b1 = self._io.read_u1()

            if  ((self.b0 >= 128) and (self.b1 >= 128)) :
                pass
                self.b2 = self._io.read_u1()

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128)) :
                pass
                self.b3 = self._io.read_u1()

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128)) :
                pass
                self.b4 = self._io.read_u1()
                if not self.b4 <= 127:
                    raise kaitaistruct.ValidationGreaterThanError(127, self.b4, self._io, u"/types/vi/seq/4")

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.b0 >= 128:
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128)) :
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128)) :
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128)) :
                pass



        def _write__seq(self, io=None):
            super(DiepTypes.Vi, self)._write__seq(io)
            self._io.write_u1(self.b0)
            if self.b0 >= 128:
                pass
                self._io.write_u1(self.b1)

            if  ((self.b0 >= 128) and (self.b1 >= 128)) :
                pass
                self._io.write_u1(self.b2)

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128)) :
                pass
                self._io.write_u1(self.b3)

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128)) :
                pass
                self._io.write_u1(self.b4)



        def _check(self):
            if self.b0 >= 128:
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128)) :
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128)) :
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128)) :
                pass
                if not self.b4 <= 127:
                    raise kaitaistruct.ValidationGreaterThanError(127, self.b4, None, u"/types/vi/seq/4")

            self._dirty = False

        @property
        def value(self):
            """The signed 32-bit value."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.zigzag // 2 if self.zigzag % 2 == 0 else -1 - self.zigzag // 2)
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value
        @property
        def zigzag(self):
            """The zigzag-encoded value (the `vu`)."""
            if hasattr(self, '_m_zigzag'):
                return self._m_zigzag

            self._m_zigzag = (self.b0 if self.b0 < 128 else ((self.b0 - 128) + self.b1 * 128 if self.b1 < 128 else (((self.b0 - 128) + (self.b1 - 128) * 128) + self.b2 * 16384 if self.b2 < 128 else ((((self.b0 - 128) + (self.b1 - 128) * 128) + (self.b2 - 128) * 16384) + self.b3 * 2097152 if self.b3 < 128 else ((((self.b0 - 128) + (self.b1 - 128) * 128) + (self.b2 - 128) * 16384) + (self.b3 - 128) * 2097152) + (self.b4 % 16) * 268435456))))
            return getattr(self, '_m_zigzag', None)

        def _invalidate_zigzag(self):
            del self._m_zigzag

    class Vu(ReadWriteKaitaiStruct):
        """varuint32: unsigned LEB128, 7 bits a byte, least significant group first, the high
        bit set on every byte but the last. A 32-bit value takes at most five bytes; the
        fifth byte contributes its low four bits (the value is masked to 32 bits).
        
        When writing, set `b0` .. `b4` to the LEB128 bytes of the value (continuation bits
        included); `value` and `len` are computed, not settable
        (`wirestruct.diep.encoder.vu_fields` derives the bytes from `value`).
        
        .. seealso::
           README.md section 1 "vu"
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(DiepTypes.Vu, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.b0 = self._io.read_u1()
            if self.b0 >= 128:
                pass
                self.b1 = self._io.read_u1()

            if  ((self.b0 >= 128) and (self.b1 >= 128)) :
                pass
                self.b2 = self._io.read_u1()

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128)) :
                pass
                self.b3 = self._io.read_u1()

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128)) :
                pass
                self.b4 = self._io.read_u1()
                if not self.b4 <= 127:
                    raise kaitaistruct.ValidationGreaterThanError(127, self.b4, self._io, u"/types/vu/seq/4")

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.b0 >= 128:
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128)) :
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128)) :
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128)) :
                pass



        def _write__seq(self, io=None):
            super(DiepTypes.Vu, self)._write__seq(io)
            self._io.write_u1(self.b0)
            if self.b0 >= 128:
                pass
                self._io.write_u1(self.b1)

            if  ((self.b0 >= 128) and (self.b1 >= 128)) :
                pass
                self._io.write_u1(self.b2)

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128)) :
                pass
                self._io.write_u1(self.b3)

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128)) :
                pass
                self._io.write_u1(self.b4)



        def _check(self):
            if self.b0 >= 128:
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128)) :
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128)) :
                pass

            if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128)) :
                pass
                if not self.b4 <= 127:
                    raise kaitaistruct.ValidationGreaterThanError(127, self.b4, None, u"/types/vu/seq/4")

            self._dirty = False

        @property
        def len(self):
            """Number of bytes of this varint."""
            if hasattr(self, '_m_len'):
                return self._m_len

            self._m_len = (1 if self.b0 < 128 else (2 if self.b1 < 128 else (3 if self.b2 < 128 else (4 if self.b3 < 128 else 5))))
            return getattr(self, '_m_len', None)

        def _invalidate_len(self):
            del self._m_len
        @property
        def value(self):
            """The unsigned 32-bit value."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.b0 if self.b0 < 128 else ((self.b0 - 128) + self.b1 * 128 if self.b1 < 128 else (((self.b0 - 128) + (self.b1 - 128) * 128) + self.b2 * 16384 if self.b2 < 128 else ((((self.b0 - 128) + (self.b1 - 128) * 128) + (self.b2 - 128) * 16384) + self.b3 * 2097152 if self.b3 < 128 else ((((self.b0 - 128) + (self.b1 - 128) * 128) + (self.b2 - 128) * 16384) + (self.b3 - 128) * 2097152) + (self.b4 % 16) * 268435456))))
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value


