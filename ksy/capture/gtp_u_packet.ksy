meta:
  id: gtp_u_packet
  title: GTP-U packet (GPRS Tunnelling Protocol, user plane)
  application:
    - 3GPP mobile networks (GTP-U on UDP port 2152)
    - Wireshark
  xref:
    wikidata: Q1130616
  license: MIT
  ks-version: '0.11'
  imports:
    - ip_packet
  endian: be
  bit-endian: be
doc: |
  GTP-U version 1, which carries the user's IP packets between the radio network and
  the core of 2G to 5G mobile networks, on UDP port 2152: the 8-byte mandatory header,
  the optional sequence number, N-PDU number and next extension header type (present
  when any of the E, S and PN flags is set), the chain of extension headers, then the
  message. A G-PDU's message is the user's IP packet (T-PDU), routed by its version
  nibble; other messages (echo, error indication, end marker) stay bytes.
doc-ref: https://www.3gpp.org/ftp/Specs/archive/29_series/29.281/ section 5.1
seq:
  - id: version
    type: b3
    valid: 1
    doc: GTP version; 1 for GTP-U.
  - id: protocol_type
    -orig-id: PT
    type: b1
    doc: 1 for GTP (0 would be GTP', the charging protocol).
  - id: reserved
    type: b1
  - id: has_extension_header
    -orig-id: E
    type: b1
    doc: The Next Extension Header Type field is meaningful.
  - id: has_sequence_number
    -orig-id: S
    type: b1
    doc: The Sequence Number field is meaningful.
  - id: has_n_pdu_number
    -orig-id: PN
    type: b1
    doc: The N-PDU Number field is meaningful.
  - id: message_type
    -orig-id: Message Type
    type: u1
    enum: message_type
  - id: len_message
    -orig-id: Length
    type: u2
    doc: |
      Bytes after the mandatory 8-byte header: the optional fields, the extension headers
      and the message.
  - id: teid
    -orig-id: TEID
    type: u4
    doc: Tunnel Endpoint Identifier of the receiving end.
  - id: sequence_number
    -orig-id: Sequence Number
    type: u2
    if: has_optional_fields
    doc: Present when any of E, S, PN is set; meaningful when S is.
  - id: n_pdu_number
    -orig-id: N-PDU Number
    type: u1
    if: has_optional_fields
    doc: Present when any of E, S, PN is set; meaningful when PN is.
  - id: next_extension_type
    -orig-id: Next Extension Header Type
    type: u1
    enum: extension_type
    if: has_optional_fields
    doc: Type of the first extension header; 0 when none follows.
  - id: extension_headers
    type: extension_header
    repeat: until
    repeat-until: _.next_type == extension_type::no_more
    if: has_extension_headers
  - id: body
    # the length counts everything after the 8-byte mandatory header
    size: len_message - (_io.pos - 8)
    type:
      switch-on: message_type
      cases:
        'message_type::g_pdu': ip_packet
    doc: The message; a G-PDU's is the user's IP packet.
instances:
  has_optional_fields:
    value: has_extension_header or has_sequence_number or has_n_pdu_number
  has_extension_headers:
    value: >-
      has_optional_fields and has_extension_header and
      next_extension_type != extension_type::no_more
types:
  extension_header:
    doc: |
      One extension header: its length in 4-octet units (this byte and the next type
      included), its contents, and the type of the next one.
    doc-ref: https://www.3gpp.org/ftp/Specs/archive/29_series/29.281/ section 5.2
    seq:
      - id: len_header
        -orig-id: Extension Header Length
        type: u1
        valid:
          min: 1
        doc: Length of the whole extension header in 4-octet units.
      - id: content
        size: len_header * 4 - 2  # less the length byte and the next type byte
      - id: next_type
        -orig-id: Next Extension Header Type
        type: u1
        enum: extension_type
enums:
  message_type:
    1: echo_request
    2: echo_response
    26: error_indication
    31: supported_extension_headers_notification
    253: tunnel_status
    254: end_marker
    255:
      id: g_pdu
      -orig-id: G-PDU
      doc: A user packet (T-PDU).
  extension_type:
    0x00:
      id: no_more
      doc: No more extension headers.
    0x03: long_pdcp_pdu_number_a
    0x20: service_class_indicator
    0x40: udp_port
    0x81: ran_container
    0x82: long_pdcp_pdu_number
    0x83: xw_ran_container
    0x84: nr_ran_container
    0x85: pdu_session_container
    0xc0: pdcp_pdu_number
