meta:
  id: ppi_header
  title: Per-Packet Information header
  application:
    - libpcap
    - tcpdump
    - Wireshark
  license: MIT
  ks-version: '0.11'
  imports:
    - ethernet_frame
  endian: le
  bit-endian: be
doc: |
  Link type 192: the Per-Packet Information header (little-endian) with its fields kept
  as bytes, then the frame of the link type it names. Ethernet (802.3) frames are parsed;
  other wrapped link types stay bytes.
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html
seq:
  - id: version
    -orig-id: pph_version
    type: u1
    valid: 0
  - id: flags
    -orig-id: pph_flags
    type: u1
    doc: Bit 0 set means the fields are 32-bit aligned.
  - id: len_header
    -orig-id: pph_len
    type: u2
    valid:
      min: 8
    doc: Length of this header with its fields, in bytes.
  - id: wrapped_link_type
    -orig-id: pph_dlt
    type: u4
    enum: wrapped_link_type
    doc: The LINKTYPE_ value of the frame after the header.
  - id: fields
    size: len_header - 8  # after the 8 fixed bytes
    doc: PPI fields (type/length/value), kept as bytes.
  - id: body
    size-eos: true
    type:
      switch-on: wrapped_link_type
      cases:
        'wrapped_link_type::ethernet': ethernet_frame
enums:
  wrapped_link_type:
    1:
      id: ethernet
      -orig-id: LINKTYPE_ETHERNET
      doc: IEEE 802.3 Ethernet.
    105:
      id: ieee802_11
      -orig-id: LINKTYPE_IEEE802_11
      doc: IEEE 802.11 wireless LAN.
