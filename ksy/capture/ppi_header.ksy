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
    - ieee802_11_frame
  endian: le
  bit-endian: be
doc: |
  Link type 192: the Per-Packet Information header (little-endian) with its fields, then
  the frame of the link type it names. Ethernet (802.3) and IEEE 802.11 frames are
  parsed; other wrapped link types stay bytes. The 802.11-Common field, which writers
  put first, says whether an 802.11 frame ends with its frame check sequence.
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
    type: field_list(flags % 2 != 0)
    doc: PPI fields (type/length/value).
  - id: body
    size-eos: true
    type:
      switch-on: wrapped_link_type
      cases:
        'wrapped_link_type::ethernet': ethernet_frame
        'wrapped_link_type::ieee802_11': ieee802_11_frame(has_fcs, false)
instances:
  has_fcs:
    # the 802.11-Common field's flags, bit 0: the frame includes its FCS
    value: >-
      fields.items.size > 0 and fields.items[0].field_type == field_type::common_80211 and
      fields.items[0].len_data >= 10
        ? fields.items[0].data[8] % 2 != 0 : false
    doc: The wrapped 802.11 frame ends with its frame check sequence.
types:
  field_list:
    doc: The PPI fields of one packet.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html
    params:
      - id: is_aligned
        type: bool
        doc: Each field is padded to 32 bits.
    seq:
      - id: items
        type: field(is_aligned)
        repeat: eos
  field:
    doc: One PPI field; its data stays bytes.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html
    params:
      - id: is_aligned
        type: bool
    seq:
      - id: field_type
        -orig-id: pfh_type
        type: u2
        enum: field_type
      - id: len_data
        -orig-id: pfh_datalen
        type: u2
      - id: data
        size: len_data
      - id: padding
        size: (4 - len_data % 4) % 4  # to a multiple of 4
        if: is_aligned and not _io.eof
enums:
  field_type:
    2:
      id: common_80211
      doc: 802.11-Common (TSF timer, flags, rate, channel, signal).
    3: mac_extensions_80211n
    4: mac_phy_extensions_80211n
    5: spectrum_map
    6: process_info
    7: capture_info
    30002: aggregation_extension
    30003: ieee802_3_extension
  wrapped_link_type:
    1:
      id: ethernet
      -orig-id: LINKTYPE_ETHERNET
      doc: IEEE 802.3 Ethernet.
    105:
      id: ieee802_11
      -orig-id: LINKTYPE_IEEE802_11
      doc: IEEE 802.11 wireless LAN.
