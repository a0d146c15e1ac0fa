meta:
  id: geneve_packet
  title: Geneve packet
  application:
    - Open vSwitch, cloud virtual networks (Geneve on UDP port 6081)
    - Wireshark
  xref:
    rfc: 8926
  license: MIT
  ks-version: '0.11'
  imports:
    - ether_type
    - ethernet_frame
    - ipv4_packet
    - ipv6_packet
  endian: be
  bit-endian: be
doc: |
  Generic Network Virtualization Encapsulation on UDP port 6081: the 8-byte header, its
  variable options (kept as bytes), then the tunnelled packet, an Ethernet frame (protocol
  type 0x6558) or an IPv4/IPv6 packet.
doc-ref: https://www.rfc-editor.org/rfc/rfc8926#section-3.4
seq:
  - id: version
    -orig-id: Ver
    type: b2
    valid: 0
  - id: len_options
    -orig-id: Opt Len
    type: b6
    doc: Length of the options in 4-byte units.
  - id: is_oam
    -orig-id: O
    type: b1
    doc: A control (OAM) packet.
  - id: has_critical_options
    -orig-id: C
    type: b1
  - id: reserved1
    type: b6
  - id: protocol_type
    -orig-id: Protocol Type
    type: u2
    enum: ether_type::ether_type
    doc: The EtherType of the packet after the options; 0x6558 is an Ethernet frame.
  - id: vni
    -orig-id: Virtual Network Identifier (VNI)
    type: b24
  - id: reserved2
    type: u1
  - id: options
    size: len_options * 4
  - id: body
    size-eos: true
    type:
      switch-on: protocol_type
      cases:
        'ether_type::ether_type::transparent_ethernet_bridging': ethernet_frame
        'ether_type::ether_type::ipv4': ipv4_packet
        'ether_type::ether_type::ipv6': ipv6_packet
