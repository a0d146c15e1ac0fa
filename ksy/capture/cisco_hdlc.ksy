meta:
  id: cisco_hdlc
  title: Cisco HDLC frame
  application:
    - Cisco IOS serial links
    - libpcap
    - tcpdump
    - Wireshark
  license: MIT
  ks-version: '0.11'
  imports:
    - ether_type
    - ipv4_packet
    - ipv6_packet
  endian: be
  bit-endian: be
doc: |
  Link type 104: the 4-byte header Cisco routers put on serial-line frames (an address,
  a control byte and an EtherType), then the packet, routed to IPv4 or IPv6. SLARP and
  CDP frames stay bytes.
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_C_HDLC.html
seq:
  - id: address
    type: u1
    enum: address
  - id: control
    type: u1
    doc: Always 0.
  - id: protocol
    type: u2
    enum: ether_type::ether_type
    doc: EtherType of the payload (0x8035 is SLARP, 0x2000 CDP).
  - id: body
    size-eos: true
    type:
      switch-on: protocol
      cases:
        'ether_type::ether_type::ipv4': ipv4_packet
        'ether_type::ether_type::ipv6': ipv6_packet
enums:
  address:
    0x0f: unicast
    0x8f: broadcast
