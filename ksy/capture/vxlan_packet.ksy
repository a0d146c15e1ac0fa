meta:
  id: vxlan_packet
  title: VXLAN packet
  application:
    - Linux and virtual switches (VXLAN on UDP port 4789)
    - Wireshark
  xref:
    rfc: 7348
  license: MIT
  ks-version: '0.11'
  imports:
    - ethernet_frame
  endian: be
  bit-endian: be
doc: |
  Virtual eXtensible Local Area Network: an 8-byte header with the VXLAN Network
  Identifier, then a whole Ethernet frame, on UDP port 4789.
doc-ref: https://www.rfc-editor.org/rfc/rfc7348#section-5
seq:
  - id: flags
    type: u1
    doc: 0x08 (the I flag) when the VNI is valid; the other bits are reserved.
  - id: reserved1
    size: 3
  - id: vni
    -orig-id: VXLAN Network Identifier
    type: b24
  - id: reserved2
    type: u1
  - id: body
    size-eos: true
    type: ethernet_frame
