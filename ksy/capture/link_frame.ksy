meta:
  id: link_frame
  title: Captured frame, routed by link-layer header type
  application:
    - libpcap
    - tcpdump
    - Wireshark
  license: MIT
  ks-version: '0.11'
  imports:
    - ethernet_frame
    - linux_sll
    - linux_sll2
    - null_loopback
    - ip_packet
    - ipv4_packet
    - ipv6_packet
    - mpls_stack
    - nflog
    - ppi_header
    - ppp_frame
    - cisco_hdlc
    - ieee802_11_frame
    - radiotap_header
    - linux_netlink
    - exported_pdu
  endian: be
  bit-endian: be
doc: |
  One captured frame of a pcap or pcapng file. The file names the link-layer header type
  (pcap: in the global header; pcapng: per interface) and this router picks the layer
  type from it. Link types wirestruct does not parse keep their bytes.
doc-ref: https://www.tcpdump.org/linktypes.html
params:
  - id: link_type_id
    type: u2
    doc: LINKTYPE_ value of the interface the frame was captured on.
seq:
  - id: body
    size-eos: true
    type:
      switch-on: link_type
      cases:
        'link_type::null_loopback': null_loopback
        'link_type::loop': null_loopback
        'link_type::ethernet': ethernet_frame
        'link_type::raw': ip_packet
        'link_type::raw_dlt12': ip_packet
        'link_type::raw_dlt14': ip_packet
        'link_type::ppp': ppp_frame
        'link_type::ppp_hdlc': ppp_frame
        'link_type::ppi': ppi_header
        'link_type::nflog': nflog
        'link_type::ipv4': ipv4_packet
        'link_type::ipv6': ipv6_packet
        'link_type::linux_sll': linux_sll
        'link_type::linux_sll2': linux_sll2
        'link_type::c_hdlc': cisco_hdlc
        'link_type::ieee802_11': ieee802_11_frame(false, false)
        'link_type::ieee802_11_radiotap': radiotap_header
        'link_type::netlink': linux_netlink
        'link_type::wireshark_upper_pdu': exported_pdu
    doc: |
      When writing, `link_type_id` must name the body's type: `_check()` does not compare
      the switch value with the body object.
instances:
  link_type:
    value: link_type_id
    enum: link_type
    doc: The link-layer header type, by name.
enums:
  link_type:
    0:
      id: null_loopback
      -orig-id: LINKTYPE_NULL
      doc: BSD loopback; a 4-byte address family in the writer's byte order.
    1:
      id: ethernet
      -orig-id: LINKTYPE_ETHERNET
      doc: IEEE 802.3 Ethernet (Ethernet II framing).
    6: ieee802_5
    8: slip
    9:
      id: ppp
      -orig-id: LINKTYPE_PPP
      doc: PPP (RFC 1661), with or without the HDLC-like Address and Control bytes.
    10: fddi
    12:
      id: raw_dlt12
      -orig-id: DLT_RAW
      doc: Raw IP as most systems number DLT_RAW; old captures store it as the link type.
    14:
      id: raw_dlt14
      -orig-id: DLT_RAW
      doc: Raw IP as OpenBSD numbers DLT_RAW.
    50:
      id: ppp_hdlc
      -orig-id: LINKTYPE_PPP_HDLC
      doc: PPP in HDLC-like framing (RFC 1662).
    51: ppp_ether
    100: atm_rfc1483
    101:
      id: raw
      -orig-id: LINKTYPE_RAW
      doc: Raw IP; the packet starts with an IPv4 or IPv6 header.
    104:
      id: c_hdlc
      -orig-id: LINKTYPE_C_HDLC
      doc: Cisco HDLC.
    105:
      id: ieee802_11
      -orig-id: LINKTYPE_IEEE802_11
      doc: IEEE 802.11 wireless LAN, without radio information.
    107: frelay
    108:
      id: loop
      -orig-id: LINKTYPE_LOOP
      doc: OpenBSD loopback; a 4-byte address family in network byte order.
    113:
      id: linux_sll
      -orig-id: LINKTYPE_LINUX_SLL
      doc: Linux "cooked" capture, version 1 (capturing on the "any" device).
    114: ltalk
    119: prism_header
    122: ip_over_fc
    127:
      id: ieee802_11_radiotap
      -orig-id: LINKTYPE_IEEE802_11_RADIOTAP
      doc: A radiotap header, then an IEEE 802.11 frame.
    143: docsis
    163: ieee802_11_avs
    187: bluetooth_hci_h4
    189: usb_linux
    192:
      id: ppi
      -orig-id: LINKTYPE_PPI
      doc: Per-Packet Information header, then the frame of the link type it names.
    195: ieee802_15_4_withfcs
    201: bluetooth_hci_h4_with_phdr
    220: usb_linux_mmapped
    228:
      id: ipv4
      -orig-id: LINKTYPE_IPV4
      doc: Raw IPv4.
    229:
      id: ipv6
      -orig-id: LINKTYPE_IPV6
      doc: Raw IPv6.
    239:
      id: nflog
      -orig-id: LINKTYPE_NFLOG
      doc: Linux netfilter log records; the packet is the payload attribute.
    249: usbpcap
    252:
      id: wireshark_upper_pdu
      -orig-id: LINKTYPE_WIRESHARK_UPPER_PDU
      doc: Wireshark's exported PDUs, each after the options naming its dissector.
    253:
      id: netlink
      -orig-id: LINKTYPE_NETLINK
      doc: Linux netlink messages (nlmon), after a cooked header.
    276:
      id: linux_sll2
      -orig-id: LINKTYPE_LINUX_SLL2
      doc: Linux "cooked" capture, version 2.
