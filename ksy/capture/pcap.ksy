meta:
  id: pcap
  title: pcap capture file (libpcap / tcpdump format)
  application:
    - libpcap
    - tcpdump
    - Wireshark
  file-extension:
    - pcap
    - cap
  xref:
    mime: application/vnd.tcpdump.pcap
    wikidata: Q28009435
  license: MIT
  ks-version: '0.11'
  imports:
    - link_frame
  endian: le
  bit-endian: be
doc: |
  A pcap file: a global header, then packet records to the end of the file. The magic
  number gives both the byte order of every later field (that of the machine that wrote
  the file) and the resolution of the timestamps (microseconds or nanoseconds). Each
  record's data is one frame, parsed by the link type the header names.
doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-4
seq:
  - id: magic_number
    type: u4be
    enum: magic
    valid:
      any-of:
        - magic::le_microseconds
        - magic::be_microseconds
        - magic::le_nanoseconds
        - magic::be_nanoseconds
    doc: Read big-endian here so each byte order and resolution has one value.
  - id: header
    type: file_header(is_le)
  - id: records
    type: packet_record(is_le, header.link_type, is_nanosecond)
    repeat: eos
    doc: |
      When writing, the record count is implied by the file size (`repeat: eos`): write into
      a stream of exactly the total size.
instances:
  is_le:
    value: magic_number == magic::le_microseconds or magic_number == magic::le_nanoseconds
    doc: The file was written little-endian.
  is_nanosecond:
    value: magic_number == magic::le_nanoseconds or magic_number == magic::be_nanoseconds
    doc: The fractional part of each timestamp counts nanoseconds, not microseconds.
enums:
  magic:
    0xd4c3b2a1:
      id: le_microseconds
      doc: Little-endian, microsecond timestamps.
    0xa1b2c3d4:
      id: be_microseconds
      doc: Big-endian, microsecond timestamps.
    0x4d3cb2a1:
      id: le_nanoseconds
      doc: Little-endian, nanosecond timestamps.
    0xa1b23c4d:
      id: be_nanoseconds
      doc: Big-endian, nanosecond timestamps.
types:
  file_header:
    meta:
      endian:
        switch-on: is_le
        cases:
          true: le
          false: be
    doc: The file header after the magic number.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-4
    params:
      - id: is_le
        type: bool
    seq:
      - id: version_major
        type: u2
        valid: 2
      - id: version_minor
        type: u2
        doc: 4 in every current writer.
      - id: thiszone
        type: s4
        doc: Reserved (once the time zone offset); written as 0.
      - id: sigfigs
        type: u4
        doc: Reserved (once the timestamp accuracy); written as 0.
      - id: snaplen
        type: u4
        doc: Largest number of bytes stored for one packet; longer packets were cut.
      - id: link_type_and_fcs
        -orig-id: LinkType
        type: u4
        doc: |
          Link-layer header type in the low 16 bits; bits 28-31 give the length of a frame
          check sequence at the end of each frame when bit 26 (F) is set.
    # Bits are taken with / and % (a u4 is never negative, so they are the same as >> and
    # &): Lua 5.2, which Wireshark 4.0 embeds, has no bit operators.
    instances:
      link_type:
        value: link_type_and_fcs % 0x10000  # bits 0-15
        doc: LINKTYPE_ value (named in link_frame's `link_type` enum).
      has_fcs_length:
        value: link_type_and_fcs / 0x4000000 % 2 != 0  # bit 26
        doc: Bit F; when set, `fcs_length` is meaningful.
      fcs_length:
        value: link_type_and_fcs / 0x10000000  # bits 28-31
        doc: Length of the frame check sequence in 16-bit units.
  record_header:
    meta:
      endian:
        switch-on: is_le
        cases:
          true: le
          false: be
    doc: The fixed part of a packet record.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-5
    params:
      - id: is_le
        type: bool
    seq:
      - id: ts_sec
        -orig-id: Timestamp (Seconds)
        type: u4
        doc: Seconds since 1970-01-01 00:00:00 UTC.
      - id: ts_frac
        -orig-id: Timestamp (Microseconds or nanoseconds)
        type: u4
        doc: Microseconds or nanoseconds past `ts_sec`, as the magic number says.
      - id: incl_len
        -orig-id: Captured Packet Length
        type: u4
        doc: |
          Bytes of the frame stored in this record.
          When writing, set to the byte length of the record's data.
      - id: orig_len
        -orig-id: Original Packet Length
        type: u4
        doc: Length of the frame on the wire; more than `incl_len` if it was cut.
  packet_record:
    doc: One packet record; its data is parsed as a frame of the file's link type.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-5
    params:
      - id: is_le
        type: bool
      - id: link_type
        type: u2
        doc: LINKTYPE_ value from the file header.
      - id: is_nanosecond
        type: bool
    seq:
      - id: header
        type: record_header(is_le)
      - id: data
        size: header.incl_len
        type:
          switch-on: header.incl_len == header.orig_len
          cases:
            true: link_frame(link_type)
        doc: |
          The frame, parsed by link type when it was stored whole; a frame cut by the
          snap length stays bytes (its headers promise more than it holds).
    instances:
      timestamp:
        value: 'header.ts_sec + header.ts_frac / (is_nanosecond ? 1000000000.0 : 1000000.0)'
        doc: Capture time in seconds since the Unix epoch.
