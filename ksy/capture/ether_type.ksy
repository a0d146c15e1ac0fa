meta:
  id: ether_type
  title: EtherType values (IEEE 802 numbers)
  xref:
    iana: ieee-802-numbers
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The EtherType table: the 16-bit value after the MAC addresses of an Ethernet II frame
  (and after each 802.1Q tag), also used as the protocol field of Linux cooked captures.
  This spec holds only the enum; the frame types import it.
doc-ref: https://www.iana.org/assignments/ieee-802-numbers/ieee-802-numbers.xhtml
seq: []
enums:
  ether_type:
    0x0800: ipv4
    0x0806: arp
    0x0842: wake_on_lan
    0x2452:
      id: centrino_promiscuous
      -orig-id: ETHERTYPE_CENTRINO_PROMISC
      doc: |
        An IEEE 802.11 frame without its frame check sequence, as Intel Centrino cards
        in promiscuous mode hand out received wireless frames inside an Ethernet header
        (Wireshark's "IEEE 802.11 (Centrino)", wlan_centrino).
    0x8035: rarp
    0x6558:
      id: transparent_ethernet_bridging
      doc: A whole Ethernet frame (in GRE and Geneve tunnels).
    0x809b: appletalk
    0x80f3: aarp
    0x8100:
      id: vlan_tag
      doc: IEEE 802.1Q customer VLAN tag (TPID); a tag control field and the next EtherType follow.
    0x86dd: ipv6
    0x8808: ethernet_flow_control
    0x8847: mpls_unicast
    0x8848: mpls_multicast
    0x8863: pppoe_discovery
    0x8864: pppoe_session
    0x888e: eapol
    0x88a8:
      id: service_vlan_tag
      doc: IEEE 802.1ad service VLAN tag (TPID, "Q-in-Q"); same layout as an 802.1Q tag.
    0x88cc: lldp
    0x88e5: macsec
    0x88f7: ptp
    0x9100:
      id: legacy_vlan_tag
      doc: Pre-standard Q-in-Q outer tag used by some switches; same layout as an 802.1Q tag.
