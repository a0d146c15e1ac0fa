meta:
  id: ppp_frame
  title: PPP frame (protocol field and payload)
  xref:
    rfc: 1661
  license: MIT
  ks-version: '0.11'
  imports:
    - ipv4_packet
    - ipv6_packet
  endian: be
  bit-endian: be
doc: |
  A PPP frame as capture files store it (link types 9 and 50, and inside PPPoE): an
  optional HDLC-like Address (0xff) and Control (0x03) pair (RFC 1662), the Protocol
  field, then the information field routed to IPv4 or IPv6 by it. The Protocol field is
  one byte when Protocol-Field-Compression left out its high zero byte (its first byte
  is then odd), else two bytes. Padding and the frame check sequence are not in captures.
doc-ref: https://www.rfc-editor.org/rfc/rfc1661#section-2
seq:
  - id: address_control
    size: 2
    if: has_address_control
    doc: HDLC-like framing, 0xff 0x03, when present (RFC 1662 section 3.1).
  - id: protocol_short
    type: u1
    if: is_protocol_compressed
    doc: The Protocol field with its leading zero byte left out (RFC 1661 section 6.5).
  - id: protocol_long
    type: u2
    if: not is_protocol_compressed
    doc: The full two-byte Protocol field.
  - id: body
    size-eos: true
    type:
      switch-on: protocol
      cases:
        'protocol::ipv4': ipv4_packet
        'protocol::ipv6': ipv6_packet
instances:
  first_byte:
    pos: 0
    type: u1
    doc: First byte of the frame, read ahead to find the HDLC-like framing.
  has_address_control:
    value: first_byte == 0xff
  protocol_first_byte:
    pos: 'has_address_control ? 2 : 0'
    type: u1
    doc: First byte of the Protocol field, read ahead to find its length.
  is_protocol_compressed:
    # Protocol values have an even high byte and an odd low byte, so an odd first byte
    # is a low byte whose zero high byte was left out
    value: protocol_first_byte % 2 == 1
  protocol:
    value: 'is_protocol_compressed ? protocol_short : protocol_long'
    enum: protocol
    doc: The PPP Protocol of the information field.
enums:
  protocol:
    0x0021:
      id: ipv4
      doc: Internet Protocol version 4.
    0x0057:
      id: ipv6
      doc: Internet Protocol version 6.
    0x0281:
      id: mpls_unicast
      doc: MPLS unicast.
    0x8021:
      id: ipcp
      doc: IP Control Protocol.
    0x8057:
      id: ipv6cp
      doc: IPv6 Control Protocol.
    0xc021:
      id: lcp
      doc: Link Control Protocol.
    0xc023:
      id: pap
      doc: Password Authentication Protocol.
    0xc223:
      id: chap
      doc: Challenge Handshake Authentication Protocol.
