meta:
  id: linux_sll2
  title: Linux "cooked" capture encapsulation, version 2
  application:
    - libpcap
    - tcpdump
    - Wireshark
  license: MIT
  ks-version: '0.11'
  imports:
    - ether_type
    - linux_sll
    - ipv4_packet
    - ipv6_packet
    - mpls_stack
    - pppoe_session
  endian: be
  bit-endian: be
doc: |
  The 20-byte pseudo-header of link type 276 (tcpdump `-y LINUX_SLL2`), which adds the
  interface index to version 1, followed by the packet from the network layer on.
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html
seq:
  - id: protocol
    -orig-id: Protocol type
    type: u2
    enum: ether_type::ether_type
    doc: EtherType of the payload (for the usual ARPHRD types).
  - id: reserved
    type: u2
    doc: Must be zero.
  - id: interface_index
    -orig-id: Interface index
    type: u4
    doc: Index of the interface the packet was captured on.
  - id: arphrd_type
    -orig-id: ARPHRD_ type
    type: u2
    enum: linux_sll::arphrd_type
  - id: packet_type
    -orig-id: Packet type
    type: u1
    enum: linux_sll::packet_type
  - id: len_addr
    -orig-id: Link-layer address length
    type: u1
    doc: Length of the link-layer source address (may exceed the 8 bytes stored).
  - id: addr
    -orig-id: Link-layer address
    size: 8
    doc: Link-layer source address, zero-padded or truncated to 8 bytes.
  - id: body
    size-eos: true
    type:
      switch-on: protocol
      cases:
        'ether_type::ether_type::ipv4': ipv4_packet
        'ether_type::ether_type::ipv6': ipv6_packet
        'ether_type::ether_type::pppoe_session': pppoe_session
        'ether_type::ether_type::mpls_unicast': mpls_stack
        'ether_type::ether_type::mpls_multicast': mpls_stack
