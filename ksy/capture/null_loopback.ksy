meta:
  id: null_loopback
  title: BSD loopback encapsulation
  application:
    - libpcap
    - tcpdump
    - Wireshark
  license: MIT
  ks-version: '0.11'
  imports:
    - ip_packet
  endian: le
  bit-endian: be
doc: |
  BSD loopback (link type 0, "NULL", and link type 108, "LOOP"): a 4-byte address
  family, then the network-layer packet. For link type 0 the family is in the byte order
  of the machine that wrote the capture, which the file does not record; since every
  family value is below 256, the non-zero end of the field gives it either way. The packet
  itself is routed by its IP version nibble.
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_NULL.html
seq:
  - id: family_bytes
    size: 4
    doc: The address family (AF_ value), in an unknown byte order.
  - id: body
    size-eos: true
    type: ip_packet
instances:
  family:
    # every family is below 256: its one non-zero byte is first (little-endian) or last
    value: 'family_bytes[0] != 0 ? family_bytes[0] : family_bytes[3]'
    enum: address_family
    doc: The address family, whichever byte order it was written in.
enums:
  address_family:
    2:
      id: inet
      doc: IPv4.
    24:
      id: inet6_netbsd_openbsd
      doc: IPv6 as NetBSD, OpenBSD and BSD/OS number it.
    28:
      id: inet6_freebsd
      doc: IPv6 as FreeBSD and DragonFly BSD number it.
    30:
      id: inet6_darwin
      doc: IPv6 as macOS numbers it.
