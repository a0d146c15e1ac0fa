meta:
  id: ethernet_frame
  title: Ethernet II frame
  xref:
    ieee: 802.3
    wikidata: Q11331406
  license: MIT
  ks-version: '0.11'
  imports:
    - ether_type
    - ipv4_packet
    - ipv6_packet
    - mpls_stack
    - pppoe_session
    - ieee802_11_frame
  endian: be
  bit-endian: be
doc: |
  An Ethernet II frame as capture files store it (no preamble, no frame check sequence):
  the two MAC addresses, any number of 802.1Q / 802.1ad VLAN tags, the EtherType, then
  the payload, routed to IPv4 or IPv6 by the EtherType (and to the encapsulations that
  carry them: PPPoE sessions, MPLS label stacks, the 802.11 frames of Centrino cards).
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_ETHERNET.html
seq:
  - id: dst_mac
    size: 6
  - id: src_mac
    size: 6
  - id: ether_type_or_tpid
    type: u2
    enum: ether_type::ether_type
    doc: The EtherType, or a tag protocol identifier when one or more VLAN tags follow.
  - id: vlan_tags
    type: vlan_tag
    repeat: until
    repeat-until: not _.has_next_tag
    if: has_vlan_tags
  - id: body
    size-eos: true
    type:
      switch-on: ether_type
      cases:
        'ether_type::ether_type::ipv4': ipv4_packet
        'ether_type::ether_type::ipv6': ipv6_packet
        'ether_type::ether_type::pppoe_session': pppoe_session
        'ether_type::ether_type::mpls_unicast': mpls_stack
        'ether_type::ether_type::mpls_multicast': mpls_stack
        'ether_type::ether_type::centrino_promiscuous': ieee802_11_frame(false, false)
    doc: |
      When writing, `ether_type_or_tpid` (or the last VLAN tag's type) must name the body's
      type; `_check()` does not compare them.
instances:
  has_vlan_tags:
    # any of the three tag protocol identifiers: a tag control field follows
    value: >-
      ether_type_or_tpid == ether_type::ether_type::vlan_tag or
      ether_type_or_tpid == ether_type::ether_type::service_vlan_tag or
      ether_type_or_tpid == ether_type::ether_type::legacy_vlan_tag
  ether_type:
    value: 'has_vlan_tags ? vlan_tags.last.ether_type : ether_type_or_tpid'
    doc: EtherType of the payload, after any VLAN tags.
types:
  vlan_tag:
    doc: One IEEE 802.1Q tag after its TPID; ends with the next EtherType (or TPID).
    doc-ref: IEEE 802.1Q-2018 section 9.6
    seq:
      - id: priority
        -orig-id: PCP
        type: b3
        doc: Priority Code Point.
      - id: drop_eligible
        -orig-id: DEI
        type: b1
        doc: Drop Eligible Indicator.
      - id: vlan_id
        -orig-id: VID
        type: b12
        doc: VLAN Identifier.
      - id: ether_type
        type: u2
        enum: ether_type::ether_type
        doc: EtherType of what follows this tag (another TPID for a stacked tag).
    instances:
      has_next_tag:
        value: >-
          ether_type == ether_type::ether_type::vlan_tag or
          ether_type == ether_type::ether_type::service_vlan_tag or
          ether_type == ether_type::ether_type::legacy_vlan_tag
