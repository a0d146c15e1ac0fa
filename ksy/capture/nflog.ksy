meta:
  id: nflog
  title: Linux netfilter NFLOG record
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
  Link type 239: a 4-byte header (address family, version, resource id), then
  type/length/value attributes, each padded to a multiple of 4 bytes. The logged packet
  is the payload attribute (type 9), an IP packet without link-layer header. The
  attributes' length and type are in the byte order of the machine that captured
  (little-endian for the usual x86 and ARM hosts, as read here).
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_NFLOG.html
seq:
  - id: family
    -orig-id: nflog_family
    type: u1
    enum: address_family
    doc: Address family of the logged packets.
  - id: version
    -orig-id: nflog_version
    type: u1
    valid: 0
  - id: resource_id
    -orig-id: nflog_rid
    type: u2be
    doc: The nflog group, in network byte order.
  - id: attributes
    type: attribute
    repeat: eos
types:
  attribute:
    doc: One type/length/value attribute and its padding.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_NFLOG.html
    seq:
      - id: len_attribute
        -orig-id: tlv_length
        type: u2
        valid:
          min: 4
        doc: Length of the attribute with this 4-byte head, without padding.
      - id: type
        -orig-id: tlv_type
        type: u2
        enum: attribute_type
      - id: value
        size: len_attribute - 4  # the length counts the 4-byte head
        type:
          switch-on: type
          cases:
            'attribute_type::payload': ip_packet
      - id: padding
        size: (4 - len_attribute % 4) % 4  # 0 to 3 bytes
        if: not _io.eof
        doc: Up to 3 bytes to the next multiple of 4 (may be missing after the last one).
enums:
  address_family:
    2:
      id: inet
      doc: IPv4.
    10:
      id: inet6
      doc: IPv6.
  attribute_type:
    1: packet_header
    2: mark
    3: timestamp
    4: indev
    5: outdev
    6: physindev
    7: physoutdev
    8: hwaddr
    9:
      id: payload
      doc: The logged packet, from its network-layer header.
    10: prefix
    11: uid
    12: seq
    13: seq_global
    14: gid
    15: hwtype
    16: hwheader
    17: hwlen
    18: ct
    19: ct_info
