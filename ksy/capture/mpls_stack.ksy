meta:
  id: mpls_stack
  title: MPLS label stack and the packet under it
  xref:
    rfc: 3032
  license: MIT
  ks-version: '0.11'
  imports:
    - ip_packet
  endian: be
  bit-endian: be
doc: |
  The payload of an Ethernet frame of EtherType 0x8847 (MPLS unicast) or 0x8848 (MPLS
  multicast): label stack entries up to the one with the bottom-of-stack bit, then the
  labelled packet. The stack does not say what it carries; an IPv4 or IPv6 packet is
  recognised by its version nibble (anything else, such as a pseudowire control word,
  stays bytes).
doc-ref: https://www.rfc-editor.org/rfc/rfc3032#section-2.1
seq:
  - id: labels
    type: label_entry
    repeat: until
    repeat-until: _.bottom_of_stack
  - id: body
    size-eos: true
    type: ip_packet
types:
  label_entry:
    doc: One 32-bit label stack entry.
    doc-ref: https://www.rfc-editor.org/rfc/rfc3032#section-2.1
    seq:
      - id: label
        type: b20
        doc: Label value.
      - id: traffic_class
        -orig-id: TC
        type: b3
        doc: Traffic class (formerly EXP, RFC 5462).
      - id: bottom_of_stack
        -orig-id: S
        type: b1
        doc: Set on the last entry of the stack.
      - id: ttl
        -orig-id: TTL
        type: u1
