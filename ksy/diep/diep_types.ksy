meta:
  id: diep_types
  title: diep.io primitive types (varints, floats, strings, entity ids, jump tables)
  application: diep.io
  license: MIT
  ks-version: '0.11'
  endian: le
  bit-endian: le
doc: |
  The primitive encodings every diep.io packet is built from, in one place so that the
  clientbound and serverbound specs import them. Every type exposes its decoded value as
  `value` (or as the instances named in its doc), computed with `+`, `*`, `/` and `%` so
  that the JavaScript build (the Kaitai Web IDE) keeps all 32 bits.

  Varints are unsigned LEB128 of a 32-bit value (`vu`); `vi` is the zigzag of an int32
  written as a `vu`; `vf` is a float32 bit pattern, byte-reversed, written as a `vi`.
  Jump tables are read one entry at a time: each entry is a `vu` holding
  `(index - previous index) XOR 1`, starting from a previous index of -1, and the byte
  `01` (a jump of 0) closes the table.
doc-ref:
  - data.md "Encoding Types", "Special Types", "Data Organization"
  - README.md section 1 "Primitives"
types:
  vu:
    doc: |
      varuint32: unsigned LEB128, 7 bits a byte, least significant group first, the high
      bit set on every byte but the last. A 32-bit value takes at most five bytes; the
      fifth byte contributes its low four bits (the value is masked to 32 bits).

      When writing, set `b0` .. `b4` to the LEB128 bytes of the value (continuation bits
      included); `value` and `len` are computed, not settable
      (`wirestruct.diep.encoder.vu_fields` derives the bytes from `value`).
    doc-ref: README.md section 1 "vu"
    -webide-representation: '{value:dec}'
    seq:
      # Each byte is read only while the one before it has its continuation bit (0x80) set.
      - id: b0
        type: u1
        doc: Bits 0-6 of the value; 0x80 set when another byte follows.
      - id: b1
        type: u1
        if: b0 >= 0x80
        doc: Bits 7-13; present when `b0` continues.
      - id: b2
        type: u1
        if: b0 >= 0x80 and b1 >= 0x80
        doc: Bits 14-20; present when `b1` continues.
      - id: b3
        type: u1
        if: b0 >= 0x80 and b1 >= 0x80 and b2 >= 0x80
        doc: Bits 21-27; present when `b2` continues.
      - id: b4
        type: u1
        valid:
          max: 0x7f
        if: b0 >= 0x80 and b1 >= 0x80 and b2 >= 0x80 and b3 >= 0x80
        doc: |
          Bits 28-31 (the low four bits). A 32-bit value never needs a sixth byte, so the
          fifth has no continuation bit.
    instances:
      len:
        value: 'b0 < 0x80 ? 1 : b1 < 0x80 ? 2 : b2 < 0x80 ? 3 : b3 < 0x80 ? 4 : 5'
        doc: Number of bytes of this varint.
      value:
        # A continued byte carries 0x80, so it is taken as (b - 0x80); the last byte is
        # taken whole. Groups are weighted 1, 2^7, 2^14, 2^21, 2^28; `b4 % 0x10` keeps
        # the four bits that still fit in 32 bits (the writer's mask).
        value: >-
          b0 < 0x80 ? b0 :
          b1 < 0x80 ? (b0 - 0x80) + b1 * 0x80 :
          b2 < 0x80 ? (b0 - 0x80) + (b1 - 0x80) * 0x80 + b2 * 0x4000 :
          b3 < 0x80 ? (b0 - 0x80) + (b1 - 0x80) * 0x80 + (b2 - 0x80) * 0x4000 + b3 * 0x200000 :
          (b0 - 0x80) + (b1 - 0x80) * 0x80 + (b2 - 0x80) * 0x4000 + (b3 - 0x80) * 0x200000
          + (b4 % 0x10) * 0x10000000
        doc: The unsigned 32-bit value.
  vi:
    doc: |
      varint32: an int32 zigzag-encoded (0 -> 0, -1 -> 1, 1 -> 2, -2 -> 3 ...) and written
      as a `vu`. Examples: 562 is `e4 08`, -1051 is `b5 10`, 9682 is `a4 97 01`. The `vu`
      bytes are read here directly (the same five as in `vu`), one object fewer per value
      on the hottest path of the 0x00 packet.

      When writing, zigzag-encode the value and set the bytes as for `vu`
      (`wirestruct.diep.encoder.vi_fields`).
    doc-ref: README.md section 1 "vi"
    -webide-representation: '{value:dec}'
    seq:
      - id: b0
        type: u1
        doc: Bits 0-6 of the zigzag value; 0x80 set when another byte follows.
      - id: b1
        type: u1
        if: b0 >= 0x80
        doc: Bits 7-13; present when `b0` continues.
      - id: b2
        type: u1
        if: b0 >= 0x80 and b1 >= 0x80
        doc: Bits 14-20; present when `b1` continues.
      - id: b3
        type: u1
        if: b0 >= 0x80 and b1 >= 0x80 and b2 >= 0x80
        doc: Bits 21-27; present when `b2` continues.
      - id: b4
        type: u1
        valid:
          max: 0x7f
        if: b0 >= 0x80 and b1 >= 0x80 and b2 >= 0x80 and b3 >= 0x80
        doc: Bits 28-31 (the low four bits); never continued.
    instances:
      zigzag:
        # The same sum as `vu.value`.
        value: >-
          b0 < 0x80 ? b0 :
          b1 < 0x80 ? (b0 - 0x80) + b1 * 0x80 :
          b2 < 0x80 ? (b0 - 0x80) + (b1 - 0x80) * 0x80 + b2 * 0x4000 :
          b3 < 0x80 ? (b0 - 0x80) + (b1 - 0x80) * 0x80 + (b2 - 0x80) * 0x4000 + b3 * 0x200000 :
          (b0 - 0x80) + (b1 - 0x80) * 0x80 + (b2 - 0x80) * 0x4000 + (b3 - 0x80) * 0x200000
          + (b4 % 0x10) * 0x10000000
        doc: The zigzag-encoded value (the `vu`).
      value:
        # `(z >>> 1) ^ -(z & 1)` without bit operators: even z is z / 2, odd z is
        # -(z + 1) / 2, which integer division writes as -1 - z / 2.
        value: 'zigzag % 2 == 0 ? zigzag / 2 : -1 - zigzag / 2'
        doc: The signed 32-bit value.
  vf:
    doc: |
      varfloat32: the bit pattern of a float32 read as an int32, its four bytes reversed,
      then written as a `vi`. Only the serverbound input packet uses it (mouse position and
      joystick axes). `value` is worked out from sign, exponent and fraction with plain
      arithmetic; for an exponent of 255 (infinity or NaN) it is not meaningful, see
      `is_finite`.

      When writing, the float's bits, byte-swapped, are written as a `vi`: set `swapped`'s
      bytes from them; the float is computed.
    doc-ref: README.md section 1 "vf"
    -webide-representation: '{value}'
    seq:
      - id: swapped
        type: vi
        doc: The float32 bit pattern with its bytes reversed, as a signed int32.
    instances:
      swapped_u4:
        value: 'swapped.value < 0 ? swapped.value + 0x100000000 : swapped.value'
        doc: The same 32 bits, unsigned.
      bits:
        # Reverses the four bytes back: byte 0 of `swapped_u4` becomes the top byte.
        value: >-
          (swapped_u4 % 0x100) * 0x1000000 + (swapped_u4 / 0x100 % 0x100) * 0x10000
          + (swapped_u4 / 0x10000 % 0x100) * 0x100 + swapped_u4 / 0x1000000
        doc: The IEEE-754 binary32 bit pattern of the value.
      sign:
        value: bits / 0x80000000
        doc: Bit 31, 1 for a negative value.
      exponent:
        value: bits / 0x800000 % 0x100
        doc: Bits 23-30, the biased exponent (0 for zero and subnormals, 255 for infinity and NaN).
      fraction:
        value: bits % 0x800000
        doc: Bits 0-22, the fraction without the implicit leading bit.
      is_finite:
        value: exponent != 0xff
        doc: False for infinity and NaN, whose `value` is not meaningful.
      significand:
        value: 'exponent == 0 ? fraction * 2 : fraction + 0x800000'
        doc: |
          The 24-bit significand, implicit leading bit included (subnormals doubled to
          share the scale below).
      scale:
        # 2^exponent as the product of 2^(2^k) for each set bit k of the exponent, times
        # 2^-150 (7.006492321624085e-46): the bias 127 plus the 23 fraction bits.
        value: >-
          (exponent % 2 == 1 ? 2.0 : 1.0)
          * (exponent / 2 % 2 == 1 ? 4.0 : 1.0)
          * (exponent / 4 % 2 == 1 ? 16.0 : 1.0)
          * (exponent / 8 % 2 == 1 ? 256.0 : 1.0)
          * (exponent / 16 % 2 == 1 ? 65536.0 : 1.0)
          * (exponent / 32 % 2 == 1 ? 4294967296.0 : 1.0)
          * (exponent / 64 % 2 == 1 ? 18446744073709551616.0 : 1.0)
          * (exponent / 128 % 2 == 1 ? 18446744073709551616.0 * 18446744073709551616.0 : 1.0)
          * 7.006492321624085e-46
        doc: 2 to the power (exponent - 150), built from the exponent's bits.
      value:
        value: '(sign == 1 ? -1.0 : 1.0) * significand * scale'
        doc: The float32 value (as a double).
  f32:
    doc: float32, IEEE-754 binary32, little-endian.
    doc-ref: README.md section 1 "float"
    -webide-representation: '{value}'
    seq:
      - id: value
        type: f4
        doc: The server's double rounded to the nearest float32.
  u32:
    doc: uint32, little-endian.
    doc-ref: README.md section 1 "u32"
    -webide-representation: '{value:hex}'
    seq:
      - id: value
        type: u4
        doc: Unsigned 32-bit value; only the 0x03 notification colour uses it.
  fixed_point:
    doc: |
      A fixed-point number written as a `vi` of `trunc(value * scale)`; the field table
      calls it `float64Precision` (scale 64, six fraction bits). Examples: 7.5 is `c0 07`,
      193/64 = 3.015625 is `82 03`.
    doc-ref: README.md section 1 "float64Precision"
    -webide-representation: '{value}'
    params:
      - id: scale
        type: u4
        doc: The number of steps per unit (64 for float64Precision).
    seq:
      - id: scaled
        type: vi
        doc: The value times `scale`, truncated toward zero.
    instances:
      value:
        # `* 1.0` makes the division a floating-point one in every target language.
        value: scaled.value * 1.0 / scale
        doc: The decoded number, `scaled / scale`; not a float64 despite the document's name.
  string_nt:
    doc: stringNT, UTF-8 bytes followed by one `00`; no length prefix.
    doc-ref: README.md section 1 "stringNT"
    -webide-representation: '{value}'
    seq:
      - id: value
        type: strz
        encoding: UTF-8
        doc: The text, without its terminating `00`; nothing is escaped.
  entid:
    doc: |
      A reference to an entity: `vu(hash)`, then `vu(id)` only when the hash is not 0.
      "No entity" is the single byte `00`. The id is a slot number reused after deletion;
      the hash counts how often that id has been handed out, so the pair identifies an
      entity.
    doc-ref: data.md "entid"
    -webide-representation: '<hash {hash.value:dec}, id {id.value:dec}>'
    seq:
      - id: hash
        type: vu
        doc: |
          How many times this id has been handed out (1 on first use); 0 means "no
          entity" and nothing follows. Read first, although the game's console logs the
          pair as <id, hash>.
      - id: id
        type: vu
        if: hash.value != 0
        doc: The entity's slot number, unique among live entities and reused after deletion.
    instances:
      is_null:
        value: hash.value == 0
        doc: True for "no entity".
  jump:
    doc: |
      One entry of an xor-1 jump table: a `vu` holding `(index - prev_index) XOR 1`. The
      value 1 (a jump of 0) closes the table. Indexes strictly increase, so the entry is
      checked to land inside the table's `num_slots` slots.
    doc-ref: data.md "Data Organization"
    -webide-representation: '{index:dec}'
    params:
      - id: prev_index
        type: s4
        doc: Index of the previous entry; -1 for the first.
      - id: num_slots
        type: s4
        doc: Number of slots the table indexes (indexes are 0 .. num_slots - 1).
    seq:
      - id: xored_jump
        type: u1
        # A jump of (_ XOR 1) from prev_index must stay below num_slots; bounding _ first
        # keeps a corrupt byte from being taken as a huge jump. XOR 1 is written as a
        # ternary (even: + 1, odd: - 1) because Lua 5.2 (Wireshark 4.0) has no `~`.
        valid:
          expr: '_ <= num_slots + 1 and (_ == 1 or prev_index + (_ % 2 == 0 ? _ + 1 : _ - 1) < num_slots)'
        doc: |
          The documents write it as a `vu`, the bundled build as a `u8`. Every valid jump
          is below 0x80 (at most `num_slots + 1`), where the two are the same single byte,
          and a first byte of 0x80 or more is invalid either way; so one byte is read.

          When writing, set to `(index - prev_index) ^ 1` for the slot meant, and close the
          table with an entry of 1; `valid:` checks the range, not that the jump reaches
          that slot (`wirestruct.diep.encoder.jump_fields`).
    instances:
      is_end:
        value: xored_jump == 1
        doc: This entry closes the table (jump of 0).
      index:
        # xored_jump XOR 1, without the operator Lua 5.2 lacks (see xored_jump).
        value: 'prev_index + (xored_jump % 2 == 0 ? xored_jump + 1 : xored_jump - 1)'
        doc: The index this entry jumps to (equal to `prev_index` for the closing entry).
  index_table:
    doc: |
      A jump table of indexes with no values (the field-group table of a creation). The
      example `00 02 00 05 03 00 03 01` gives the indexes [0, 3, 4, 8, 10, 11, 13] (the
      document lists a 5 as well, an arithmetic slip: its own bytes do not give it).
    doc-ref:
      - data.md "Data Organization"
      - README.md section 6 item 8
    params:
      - id: num_slots
        type: s4
        doc: Number of possible indexes (at most 31, so that `mask` fits an int32).
    seq:
      - id: entries
        # Each entry gets the index and the bit set of the entry before it (-1 and the
        # empty set for the first).
        type: 'index_entry(_index == 0 ? -1 : entries[_index - 1].index, _index == 0 ? 0 : entries[_index - 1].mask, num_slots)'
        repeat: until
        repeat-until: _.is_end
        doc: The entries, the closing one included.
    instances:
      mask:
        value: entries.last.mask
        doc: The indexes as a bit set (bit n set when index n is in the table).
      num_indexes:
        value: entries.size - 1
        doc: How many indexes the table lists (the closing entry not counted).
  index_entry:
    doc: One entry of an index-only jump table, with the bit set of the indexes so far.
    doc-ref: data.md "Data Organization"
    params:
      - id: prev_index
        type: s4
        doc: Index of the previous entry; -1 for the first.
      - id: prev_mask
        type: s4
        doc: Bit set of the indexes before this entry.
      - id: num_slots
        type: s4
        doc: Number of possible indexes.
    seq:
      - id: jump
        type: jump(prev_index, num_slots)
        doc: The xored jump to this entry's index, or the closing `01`.
    instances:
      is_end:
        value: jump.is_end
        doc: This entry closes the table.
      index:
        value: jump.index
        doc: The index this entry adds.
      mask:
        # Indexes are below 31 and strictly increase, so adding the bit is the same as
        # OR-ing it in. The bit, 1 << index, is the product of 2^(2^k) for each bit k set
        # in the index (0 <= index < 32), as diep_types::f32's scale is built: Lua 5.2
        # (Wireshark 4.0) has no shift operator.
        value: >-
          jump.is_end ? prev_mask : prev_mask
          + (jump.index % 2 == 1 ? 2 : 1)
          * (jump.index / 2 % 2 == 1 ? 4 : 1)
          * (jump.index / 4 % 2 == 1 ? 16 : 1)
          * (jump.index / 8 % 2 == 1 ? 256 : 1)
          * (jump.index / 16 % 2 == 1 ? 65536 : 1)
        doc: Bit set of the indexes up to and including this one.
  slot_not_sent:
    doc: |
      A slot of the field order that the build never sends (its group is not compiled
      in). A jump table that reaches it is corrupt, so reading it always fails.
    doc-ref: README.md section 3.2
    seq:
      - id: never_sent
        size: 0
        valid:
          expr: 'false'
        doc: Always fails validation, naming the slot as corrupt input.
