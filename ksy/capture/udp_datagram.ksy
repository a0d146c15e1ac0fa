meta:
  id: udp_datagram
  title: UDP datagram
  xref:
    rfc: 768
    wikidata: Q11163
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: A UDP datagram; its length field bounds the data (link-layer padding is left out).
doc-ref: https://www.rfc-editor.org/rfc/rfc768
seq:
  - id: src_port
    -orig-id: Source Port
    type: u2
  - id: dst_port
    -orig-id: Destination Port
    type: u2
  - id: length
    type: u2
    valid:
      min: 8
    doc: |
      Length of the header and data, in bytes.
      When writing, set to 8 + the byte length of `body`.
  - id: checksum
    type: u2
    doc: |
      Zero when the sender did not compute one (IPv4 only).
      When writing, the writer computes the checksum (or writes 0); it is stored as a plain
      integer.
  - id: body
    # the length counts the 8-byte header; a cut frame holds less
    size: 'is_cut ? _io.size - 8 : length - 8'
    doc: The datagram's data (what the frame has of it when `is_cut`).
instances:
  is_cut:
    value: length > _io.size
    doc: The datagram is longer than what was captured of it.
