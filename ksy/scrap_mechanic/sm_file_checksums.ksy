meta:
  id: sm_file_checksums
  title: Scrap Mechanic 06 File Checksums body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 06 File Checksums packet after LZ4 decompression: the checksums of the
  files the client has (Client -> Server). The server answers 07 Checksums Accepted or
  08 Checksums Denied.

  The table writes `uint32` without a byte order; they are read big-endian, as every
  number of the protocol's tables. The count is a u32 that the runtime must bound (each
  checksum takes 4 bytes, so no more than a quarter of the body can be read).
doc-ref: 06 - File Checksums, section Structure
seq:
  - id: num_checksums
    -orig-id: size
    type: u4
    doc: |
      The size of the checksum array.
      When writing, set to the length of `checksums`.
  - id: checksums
    -orig-id: checksum
    type: u4
    repeat: expr
    repeat-expr: num_checksums
    doc: The checksum array.
