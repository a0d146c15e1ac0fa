meta:
  id: sm_string
  title: Scrap Mechanic String (size-prefixed UTF-8 text)
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  encoding: UTF-8
  endian: be
  bit-endian: be
doc: |
  The `String` structure of the network protocol: a be u16 size in bytes, then that many
  bytes of UTF-8 text (a "Pascal string"). Used by 02 Server Info, 09 Character Info and
  the BlobData payloads of 13 and 27/28. Bytes that are not UTF-8 fail the parse (the
  structure is documented as UTF-8 text).

  Other texts of the protocol are laid out differently and are read where they occur: the
  Lua `String` (be u32 size, bit stream, `sm_lua_object`), the size-less passphrase of 04,
  the one-byte-sized name of the Player Data payload (`sm_blob_player_data`), the texts of
  18 (the same layout, written out field by field as its page does) and 19 (whose size may
  disagree with its text).
doc-ref: String, section Structure
seq:
  - id: len_text
    -orig-id: Size
    type: u2
    doc: |
      The size of the string in bytes.
      When writing, set to the UTF-8 byte length of `text`.
  - id: text
    -orig-id: Data
    size: len_text
    type: str
    doc: The UTF-8 encoded string data.
