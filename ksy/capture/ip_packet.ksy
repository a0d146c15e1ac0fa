meta:
  id: ip_packet
  title: IP packet of either version
  xref:
    rfc:
      - 791
      - 8200
  license: MIT
  ks-version: '0.11'
  imports:
    - ipv4_packet
    - ipv6_packet
  endian: be
  bit-endian: be
doc: |
  Router for link layers that carry IP without saying which version (raw IP, BSD
  loopback): the version nibble of the first byte picks IPv4 or IPv6.
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_RAW.html
seq:
  - id: body
    size-eos: true
    type:
      switch-on: version
      cases:
        4: ipv4_packet
        6: ipv6_packet
instances:
  first_byte:
    pos: 0
    type: u1
    doc: First byte of the packet, read ahead to find the version.
  version:
    # The high nibble, as a division: Lua 5.2 (Wireshark 4.0) has no bit operators.
    value: first_byte / 16
    doc: IP version (4 or 6); anything else stays bytes.
