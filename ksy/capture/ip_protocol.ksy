meta:
  id: ip_protocol
  title: Assigned Internet protocol numbers
  xref:
    iana: protocol-numbers
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The IANA table of protocol numbers: the IPv4 "Protocol" field and the IPv6 "Next
  Header" field (which also names IPv6 extension headers). This spec holds only the
  enum; the IP packet types import it.
doc-ref: https://www.iana.org/assignments/protocol-numbers/protocol-numbers.xhtml
seq: []
enums:
  ip_protocol:
    0:
      id: hopopt
      doc: IPv6 Hop-by-Hop Options extension header (RFC 8200 section 4.3).
    1: icmp
    2: igmp
    4:
      id: ipv4_encapsulation
      doc: IPv4 in IP.
    6: tcp
    17: udp
    41:
      id: ipv6_encapsulation
      doc: IPv6 in IP.
    43:
      id: ipv6_route
      doc: IPv6 Routing extension header (RFC 8200 section 4.4).
    44:
      id: ipv6_frag
      doc: IPv6 Fragment extension header (RFC 8200 section 4.5).
    47: gre
    50:
      id: esp
      doc: Encapsulating Security Payload; what follows is encrypted, the header walk stops.
    51:
      id: ah
      doc: Authentication Header; its length counts 4-octet units (RFC 4302 section 2.2).
    58: ipv6_icmp
    59:
      id: ipv6_no_next
      doc: No Next Header for IPv6.
    60:
      id: ipv6_opts
      doc: IPv6 Destination Options extension header (RFC 8200 section 4.6).
    132: sctp
    135:
      id: mobility_header
      doc: IPv6 Mobility extension header (RFC 6275).
    136: udplite
    139:
      id: hip
      doc: Host Identity Protocol extension header.
    140:
      id: shim6
      doc: Shim6 extension header.
