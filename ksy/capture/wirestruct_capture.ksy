meta:
  id: wirestruct_capture
  title: wirestruct capture container
  file-extension: wscap
  license: MIT
  ks-version: '0.11'
  endian: le
  bit-endian: be
doc: |
  wirestruct's own capture container: a magic, a version, the protocol name, then
  records in capture order, each with its timestamp, direction, connection number and
  bytes. `wirestruct convert` writes it from JSON Lines, pcap or pcapng; open it in the
  Kaitai Web IDE to browse a whole capture. For message protocols (scrap-mechanic, diep)
  a record is one packet; for TCP protocols (mme) it is a chunk of the byte stream, split
  wherever the capture split it.
doc-ref: runtime/captures/container.py
seq:
  - id: magic
    contents:
      - 0x89
      - "WSCAP"
      - 0x0d
      - 0x0a
  - id: version
    type: u1
    valid: 1
  - id: len_protocol
    type: u1
  - id: protocol
    size: len_protocol
    type: str
    encoding: ASCII
    doc: Registered protocol name, e.g. `scrap-mechanic`, `mme`, `diep`.
  - id: records
    type: record
    repeat: eos
    doc: |
      When writing, the record count is implied by the file size (`repeat: eos`).
types:
  record:
    doc: One capture record.
    doc-ref: runtime/captures/container.py
    seq:
      - id: t
        type: f8
        doc: Timestamp in seconds (Unix epoch for network captures).
      - id: direction
        type: u1
        enum: direction
      - id: stream
        type: u2
        doc: Connection number within the capture (TCP); 0 for message captures.
      - id: len_data
        type: u4
        doc: |
          When writing, set to the byte length of `data`.
      - id: data
        size: len_data
enums:
  direction:
    0: c2s
    1: s2c
