meta:
  id: sm_checksums_accepted
  title: Scrap Mechanic 07 Checksums Accepted body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 07 Checksums Accepted packet: no data. Sent (Server -> Client) when the
  checksums of 06 File Checksums are valid. Not LZ4 compressed: `sm_packet` routes its body
  here.
doc-ref: 07 - Checksums Accepted, section Structure
seq: []
