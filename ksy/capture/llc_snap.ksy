meta:
  id: llc_snap
  title: IEEE 802.2 LLC header with a SNAP extension
  xref:
    rfc: 1042
  license: MIT
  ks-version: '0.11'
  imports:
    - ether_type
    - ipv4_packet
    - ipv6_packet
  endian: be
  bit-endian: be
doc: |
  The Logical Link Control header that starts the body of an IEEE 802.11 data frame
  (and other IEEE 802 frames): DSAP, SSAP and control. With DSAP and SSAP 0xAA and an
  unnumbered control byte it is followed by a SNAP header (an OUI and a protocol); with
  the OUI 00-00-00 (RFC 1042) the protocol is an EtherType, and IPv4 and IPv6 are
  parsed. Anything else stays bytes.
doc-ref: https://www.rfc-editor.org/rfc/rfc1042
seq:
  - id: dsap
    -orig-id: DSAP
    type: u1
    doc: Destination service access point; 0xAA for SNAP.
  - id: ssap
    -orig-id: SSAP
    type: u1
    doc: Source service access point; 0xAA for SNAP.
  - id: control
    type: u1
    doc: 0x03 (unnumbered information) for SNAP.
  - id: oui
    size: 3
    if: is_snap
    doc: Organization code; 00-00-00 means the protocol is an EtherType.
  - id: protocol
    type: u2
    enum: ether_type::ether_type
    if: is_snap
  - id: body
    size-eos: true
    type:
      switch-on: ether_type_value
      cases:
        0x0800: ipv4_packet
        0x86dd: ipv6_packet
instances:
  is_snap:
    value: dsap == 0xaa and ssap == 0xaa and control == 3
  ether_type_value:
    # an EtherType only under the RFC 1042 OUI; -1 routes nothing
    value: 'is_snap and oui == [0, 0, 0] ? protocol.to_i : -1'
    doc: The EtherType of the body, or -1 when the header names none.
