meta:
  id: exported_pdu
  title: Wireshark exported PDU
  application:
    - Wireshark
    - wirestruct convert
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  Link type 252 (LINKTYPE_WIRESHARK_UPPER_PDU): a protocol data unit as Wireshark's
  "Export PDUs" writes it, after a list of tag-length-value options naming the dissector
  to call and, optionally, the endpoints and direction of the connection it belongs to.
  Every value is big-endian; a tag's length counts the padding of strings.
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_WIRESHARK_UPPER_PDU.html
seq:
  - id: tags
    type: tag
    repeat: until
    repeat-until: _.tag_type == tag_type::end_of_options or _io.eof
    doc: The options, up to and including the end-of-options tag.
  - id: body
    size-eos: true
    doc: The protocol data unit, handed to the named dissector.
types:
  tag:
    doc: One option, a tag's type, the length of its value and the value.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_WIRESHARK_UPPER_PDU.html
    seq:
      - id: tag_type
        type: u2
        enum: tag_type
      - id: len_value
        type: u2
      - id: value
        size: len_value
    instances:
      as_u4:
        value: >-
          len_value == 4
            ? value[0] * 0x1000000 + value[1] * 0x10000 + value[2] * 0x100 + value[3]
            : 0
        doc: The value as a 32-bit big-endian number (ports, port type, direction).
enums:
  tag_type:
    0:
      id: end_of_options
      -orig-id: EXP_PDU_TAG_END_OF_OPT
    12:
      id: dissector_name
      -orig-id: EXP_PDU_TAG_DISSECTOR_NAME
      doc: The dissector to call, ASCII padded with NUL bytes.
    20:
      id: ipv4_src
      -orig-id: EXP_PDU_TAG_IPV4_SRC
    21:
      id: ipv4_dst
      -orig-id: EXP_PDU_TAG_IPV4_DST
    22:
      id: ipv6_src
      -orig-id: EXP_PDU_TAG_IPV6_SRC
    23:
      id: ipv6_dst
      -orig-id: EXP_PDU_TAG_IPV6_DST
    24:
      id: port_type
      -orig-id: EXP_PDU_TAG_PORT_TYPE
      doc: What the ports are ports of (3 UDP).
    25:
      id: src_port
      -orig-id: EXP_PDU_TAG_SRC_PORT
    26:
      id: dst_port
      -orig-id: EXP_PDU_TAG_DST_PORT
    35:
      id: p2p_direction
      -orig-id: EXP_PDU_TAG_P2P_DIRECTION
      doc: 0 sent by the client (P2P_DIR_SENT), 1 received from the server (P2P_DIR_RECV).
