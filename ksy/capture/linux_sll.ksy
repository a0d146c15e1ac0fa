meta:
  id: linux_sll
  title: Linux "cooked" capture encapsulation, version 1
  application:
    - libpcap
    - tcpdump
    - Wireshark
  license: MIT
  ks-version: '0.11'
  imports:
    - ether_type
    - ipv4_packet
    - ipv6_packet
    - mpls_stack
    - pppoe_session
  endian: be
  bit-endian: be
doc: |
  The 16-byte pseudo-header libpcap writes instead of a link-layer header when capturing
  on Linux's "any" device (link type 113), followed by the packet from the network layer
  on, routed by the protocol field.
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL.html
seq:
  - id: packet_type
    -orig-id: Packet type
    type: u2
    enum: packet_type
  - id: arphrd_type
    -orig-id: ARPHRD_ type
    type: u2
    enum: arphrd_type
    doc: Link-layer device type (ARPHRD_ value) of the interface.
  - id: len_addr
    -orig-id: Link-layer address length
    type: u2
    doc: Length of the link-layer source address (may exceed the 8 bytes stored).
  - id: addr
    -orig-id: Link-layer address
    size: 8
    doc: Link-layer source address, zero-padded or truncated to 8 bytes.
  - id: protocol
    -orig-id: Protocol type
    type: u2
    enum: ether_type::ether_type
    doc: EtherType of the payload (for the usual ARPHRD types).
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
enums:
  packet_type:
    0: host
    1: broadcast
    2: multicast
    3:
      id: other_host
      doc: Sent by someone else to someone else (seen in promiscuous mode).
    4:
      id: outgoing
      doc: Sent by this host.
  arphrd_type:
    1: ether
    24: ieee1394
    512: ppp
    768: ipip
    772: loopback
    776: sit
    778: ipgre
    801: ieee80211
    803: ieee80211_radiotap
    823: ip6gre
    824: netlink
    65534: none
