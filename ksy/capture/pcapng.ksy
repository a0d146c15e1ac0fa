meta:
  id: pcapng
  title: pcapng capture file (PCAP Next Generation)
  application:
    - Wireshark
    - dumpcap
    - libpcap
    - tcpdump
  file-extension: pcapng
  xref:
    mime: application/vnd.tcpdump.pcapng
  license: MIT
  ks-version: '0.11'
  imports:
    - link_frame
  endian: le
  bit-endian: be
doc: |
  A pcapng file: a sequence of blocks in one or more sections. Each section starts with a
  Section Header Block whose byte-order magic sets the byte order of every block up to
  the next section; Interface Description Blocks number the section's interfaces from 0
  and give each its link type and timestamp resolution; packet blocks refer to them.

  Blocks are parsed one after another, each told the byte order of its section and the
  link type of the section's interface 0, so that packets captured on interface 0 (all
  of them, in a single-interface capture) are parsed as frames. Packets of other
  interfaces keep their bytes here (the wirestruct runtime resolves every interface).
  Block types this spec does not describe keep their body as bytes.
doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3
seq:
  - id: blocks
    # each block is told what the blocks before it established (the first: nothing yet)
    type: >-
      block(
        _index == 0 ? true : blocks[_index - 1].next_is_le,
        _index == 0 ? 0 : blocks[_index - 1].next_num_interfaces,
        _index == 0 ? 0 : blocks[_index - 1].next_first_link_type
      )
    repeat: eos
    doc: |
      When writing, the block count is implied by the file size (`repeat: eos`).
types:
  block:
    doc: One block - head, body (routed by block type), trailing length.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3.1
    params:
      - id: section_is_le
        type: bool
        doc: Byte order of the section so far (a Section Header Block sets its own).
      - id: num_interfaces
        type: u4
        doc: |
          Interfaces described so far in this section. A packet block is parsed as a frame
          only when its interface is known here; 0 keeps every packet's bytes.
      - id: first_link_type
        type: u2
        doc: LINKTYPE_ of the section's interface 0 (when `num_interfaces` > 0).
    seq:
      - id: head
        type: block_head(section_is_le)
      - id: body
        size: head.len_block - head.len_head - 4  # less the head and the trailing length
        type:
          switch-on: head.block_type
          cases:
            'block_type::section_header': section_header_block(head.is_le)
            'block_type::interface_description': interface_description_block(head.is_le)
            'block_type::enhanced_packet': enhanced_packet_block(head.is_le, num_interfaces, first_link_type)
            'block_type::simple_packet': simple_packet_block(head.is_le, num_interfaces, first_link_type)
            'block_type::packet': packet_block(head.is_le, num_interfaces, first_link_type)
      - id: tail
        type: block_tail(head.is_le, head.len_block)
    instances:
      next_is_le:
        value: head.is_le
        doc: Byte order for the block after this one.
      next_num_interfaces:
        # a Section Header Block starts a new numbering; each Interface Description adds one
        value: >-
          head.block_type == block_type::section_header ? 0 :
          head.block_type == block_type::interface_description ? num_interfaces + 1 :
          num_interfaces
      next_first_link_type:
        # set by the first Interface Description Block of a section, reset by a Section Header
        value: >-
          head.block_type == block_type::section_header ? 0 :
          (head.block_type == block_type::interface_description and num_interfaces == 0)
            ? body.as<interface_description_block>.link_type.to_i : first_link_type
  block_head:
    meta:
      endian:
        switch-on: section_is_le
        cases:
          true: le
          false: be
    doc: |
      Block Type and Block Total Length; for a Section Header Block also the byte-order
      magic, which must be read before the length can be.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.1
    params:
      - id: section_is_le
        type: bool
    seq:
      - id: block_type
        type: u4
        enum: block_type
        doc: The Section Header Block's type (0x0A0D0D0A) reads the same in either byte order.
      - id: len_block_bytes
        -orig-id: Block Total Length
        size: 4
        doc: Length of the whole block including head and tail, a multiple of 4.
      - id: byte_order_magic
        type: u4be
        enum: byte_order_magic
        valid:
          any-of:
            - byte_order_magic::big_endian
            - byte_order_magic::little_endian
        if: block_type == block_type::section_header
    instances:
      is_le:
        value: >-
          block_type == block_type::section_header
            ? byte_order_magic == byte_order_magic::little_endian
            : section_is_le
        doc: Byte order of this block.
      len_block:
        # read as 4 bytes because the byte order is known only after the magic that follows
        value: >-
          is_le
            ? len_block_bytes[0] + len_block_bytes[1] * 0x100 + len_block_bytes[2] * 0x10000 + len_block_bytes[3] * 0x1000000
            : len_block_bytes[3] + len_block_bytes[2] * 0x100 + len_block_bytes[1] * 0x10000 + len_block_bytes[0] * 0x1000000
        doc: Block Total Length as a number.
      len_head:
        value: 'block_type == block_type::section_header ? 12 : 8'
        doc: Bytes of this head.
  block_tail:
    meta:
      endian:
        switch-on: is_le
        cases:
          true: le
          false: be
    doc: The Block Total Length repeated at the end of the block.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3.1
    params:
      - id: is_le
        type: bool
      - id: len_block_head
        type: u4
        doc: Block Total Length from the head of the block.
    seq:
      - id: len_block
        type: u4
        valid: len_block_head
        doc: |
          When writing, set to the block's total length, equal to the length in its head.
  section_header_block:
    meta:
      endian:
        switch-on: is_le
        cases:
          true: le
          false: be
    doc: Section Header Block body, after the byte-order magic.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.1
    params:
      - id: is_le
        type: bool
    seq:
      - id: major_version
        type: u2
        valid: 1
      - id: minor_version
        type: u2
      - id: section_length_bytes
        -orig-id: Section Length
        size: 8
        doc: |
          A signed 64-bit integer in the section's byte order, read as
          `section_length_high` and `section_length_low` so that the Web IDE shows it
          exactly; `section_length` is the whole number.
      - id: options
        type: option(is_le, block_type::section_header)
        repeat: eos
    instances:
      section_length_high:
        pos: 'is_le ? 8 : 4'  # the high half comes last in little-endian
        type: s4
        doc: Upper 32 bits of Section Length, signed.
      section_length_low:
        pos: 'is_le ? 4 : 8'
        type: u4
        doc: Lower 32 bits of Section Length.
      section_length:
        value: section_length_high * 0x100000000 + section_length_low
        doc: |
          Bytes in the section after this block, or -1 when not given; exact in Python,
          JavaScript may round values beyond 2^53.
  interface_description_block:
    meta:
      endian:
        switch-on: is_le
        cases:
          true: le
          false: be
    doc: Interface Description Block; interfaces are numbered from 0 in section order.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.2
    params:
      - id: is_le
        type: bool
    seq:
      - id: link_type
        -orig-id: LinkType
        type: u2
        enum: link_frame::link_type
      - id: reserved
        type: u2
      - id: snaplen
        -orig-id: SnapLen
        type: u4
        doc: Largest number of bytes stored for one packet; 0 means no limit.
      - id: options
        type: option(is_le, block_type::interface_description)
        repeat: eos
        doc: Among them if_tsresol (code 9), the timestamp resolution; default microseconds.
  enhanced_packet_block:
    meta:
      endian:
        switch-on: is_le
        cases:
          true: le
          false: be
    doc: Enhanced Packet Block - one packet with its interface and timestamp.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.3
    params:
      - id: is_le
        type: bool
      - id: num_interfaces
        type: u4
      - id: first_link_type
        type: u2
    seq:
      - id: interface_id
        type: u4
        doc: Interface number (order of the Interface Description Blocks in the section).
      - id: timestamp_high
        type: u4
        doc: Upper 32 bits of the timestamp, in units of the interface's if_tsresol.
      - id: timestamp_low
        type: u4
        doc: Lower 32 bits of the timestamp.
      - id: len_packet_data
        -orig-id: Captured Packet Length
        type: u4
        doc: Bytes of the packet stored here (the block pads them to 32 bits).
      - id: original_packet_length
        -orig-id: Original Packet Length
        type: u4
      - id: packet_data
        size: len_packet_data
        type:
          switch-on: >-
            interface_id == 0 and num_interfaces > 0 and
            len_packet_data == original_packet_length
          cases:
            true: link_frame(first_link_type)
        doc: |
          The packet, parsed as a frame when it comes from interface 0 and was stored
          whole; otherwise bytes.
      - id: padding
        size: (4 - len_packet_data % 4) % 4  # to a multiple of 4
      - id: options
        type: option(is_le, block_type::enhanced_packet)
        repeat: eos
    instances:
      timestamp:
        value: timestamp_high * 0x100000000 + timestamp_low
        doc: |
          The 64-bit timestamp in units of the interface's resolution, exact in Python.
          Nanosecond timestamps exceed 2^53, so JavaScript (the Web IDE) may show this
          value rounded; `timestamp_high` and `timestamp_low` are exact.
  packet_block:
    meta:
      endian:
        switch-on: is_le
        cases:
          true: le
          false: be
    doc: |
      Packet Block - the obsolete form of the Enhanced Packet Block, which old writers
      still produce: a 16-bit interface number and a drop count where the Enhanced Packet
      Block has a 32-bit interface number.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#appendix-A
    params:
      - id: is_le
        type: bool
      - id: num_interfaces
        type: u4
      - id: first_link_type
        type: u2
    seq:
      - id: interface_id
        -orig-id: Interface ID
        type: u2
        doc: Interface number (order of the Interface Description Blocks in the section).
      - id: drops_count
        -orig-id: Drops Count
        type: u2
        doc: Packets the interface dropped between this one and the one before; 0xFFFF unknown.
      - id: timestamp_high
        type: u4
        doc: Upper 32 bits of the timestamp, in units of the interface's if_tsresol.
      - id: timestamp_low
        type: u4
        doc: Lower 32 bits of the timestamp.
      - id: len_packet_data
        -orig-id: Captured Packet Length
        type: u4
        doc: Bytes of the packet stored here (the block pads them to 32 bits).
      - id: original_packet_length
        -orig-id: Original Packet Length
        type: u4
      - id: packet_data
        size: len_packet_data
        type:
          switch-on: >-
            interface_id == 0 and num_interfaces > 0 and
            len_packet_data == original_packet_length
          cases:
            true: link_frame(first_link_type)
        doc: |
          The packet, parsed as a frame when it comes from interface 0 and was stored
          whole; otherwise bytes.
      - id: padding
        size: (4 - len_packet_data % 4) % 4  # to a multiple of 4
      - id: options
        type: option(is_le, block_type::packet)
        repeat: eos
    instances:
      timestamp:
        value: timestamp_high * 0x100000000 + timestamp_low
        doc: The 64-bit timestamp in units of the interface's resolution, exact in Python.
  simple_packet_block:
    meta:
      endian:
        switch-on: is_le
        cases:
          true: le
          false: be
    doc: |
      Simple Packet Block - one packet of interface 0 with no timestamp. Its stored length
      is the smaller of the original length and the bytes the block holds.
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.4
    params:
      - id: is_le
        type: bool
      - id: num_interfaces
        type: u4
      - id: first_link_type
        type: u2
    seq:
      - id: original_packet_length
        -orig-id: Original Packet Length
        type: u4
      - id: packet_data
        size: len_packet_data
        type:
          switch-on: num_interfaces > 0 and len_packet_data == original_packet_length
          cases:
            true: link_frame(first_link_type)
        doc: |
          The packet, parsed as a frame when it was stored whole; otherwise bytes. The
          padding after it is left to the block's substream.
    instances:
      len_packet_data:
        # the body holds Original Packet Length (4 bytes), then at most the rest as packet
        value: >-
          original_packet_length < _io.size - 4 ? original_packet_length : _io.size - 4
        doc: Bytes of the packet stored here.
  option:
    meta:
      endian:
        switch-on: is_le
        cases:
          true: le
          false: be
    doc: One option (code, length, value, padding to 32 bits).
    doc-ref: https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3.5
    params:
      - id: is_le
        type: bool
      - id: block_type
        type: u4
        enum: block_type
        doc: Type of the block holding the option; option codes are per block type.
    seq:
      - id: code
        -orig-id: Option Code
        type: u2
        doc: 0 (opt_endofopt) ends the list; 1 is a comment; others depend on the block type.
      - id: len_value
        -orig-id: Option Length
        type: u2
      - id: value
        size: len_value
      - id: padding
        size: (4 - len_value % 4) % 4  # to a multiple of 4
    instances:
      interface_option:
        value: code
        enum: interface_option
        if: block_type == block_type::interface_description
      section_option:
        value: code
        enum: section_option
        if: block_type == block_type::section_header
      packet_option:
        value: code
        enum: packet_option
        if: block_type == block_type::enhanced_packet
enums:
  block_type:
    0x00000001: interface_description
    0x00000002:
      id: packet
      doc: Obsolete Packet Block, replaced by the Enhanced Packet Block.
    0x00000003: simple_packet
    0x00000004: name_resolution
    0x00000005: interface_statistics
    0x00000006: enhanced_packet
    0x00000009: systemd_journal_export
    0x0000000a: decryption_secrets
    0x00000bad: custom_copiable
    0x40000bad: custom_not_copiable
    0x0a0d0d0a: section_header
  byte_order_magic:
    0x1a2b3c4d:
      id: big_endian
      doc: Section written big-endian.
    0x4d3c2b1a:
      id: little_endian
      doc: Section written little-endian (0x1A2B3C4D read in the wrong order).
  section_option:
    0: opt_endofopt
    1: opt_comment
    2: shb_hardware
    3: shb_os
    4: shb_userappl
  interface_option:
    0: opt_endofopt
    1: opt_comment
    2: if_name
    3: if_description
    4: if_ipv4addr
    5: if_ipv6addr
    6: if_macaddr
    7: if_euiaddr
    8: if_speed
    9:
      id: if_tsresol
      doc: |
        Timestamp resolution, one byte: most significant bit clear - units of 10^-n
        seconds; set - units of 2^-n seconds (n = the other seven bits). Default 6.
    10: if_tzone
    11: if_filter
    12: if_os
    13: if_fcslen
    14:
      id: if_tsoffset
      doc: Seconds (s8) to add to every timestamp of the interface.
    15: if_hardware
    16: if_txspeed
    17: if_rxspeed
    18: if_iana_tzname
  packet_option:
    0: opt_endofopt
    1: opt_comment
    2: epb_flags
    3: epb_hash
    4: epb_dropcount
    5: epb_packetid
    6: epb_queue
    7: epb_verdict
