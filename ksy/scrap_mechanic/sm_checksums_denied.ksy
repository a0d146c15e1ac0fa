meta:
  id: sm_checksums_denied
  title: Scrap Mechanic 08 Checksums Denied body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of an 08 Checksums Denied packet after LZ4 decompression: which checksum of
  06 File Checksums is invalid.

  The page says Bound To: Client -> Server, though the packet is sent when a checksum the
  client sent is invalid, as 07 Checksums Accepted is sent (Server -> Client) when they
  are valid. The layout is the same either way, so it is read in both directions. The
  `uint32` is read big-endian, as every number of the protocol's tables.
doc-ref: 08 - Checksums Denied, section Structure
seq:
  - id: index
    -orig-id: Index
    type: u4
    doc: The index of the invalid checksum.
