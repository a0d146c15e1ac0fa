meta:
  id: ipv4_packet
  title: IPv4 packet
  xref:
    rfc: 791
    wikidata: Q11103
  license: MIT
  ks-version: '0.11'
  imports:
    - ip_protocol
    - ip_payload
  endian: be
  bit-endian: be
doc: |
  An IPv4 packet: header with options (their length follows from IHL), then the payload
  bounded by Total Length (link-layer padding after it is left out; a frame cut short by
  the capture keeps the payload bytes it has, see `is_cut`; a Total Length of 0, from
  segmentation offload, means the whole frame). Fragments keep their
  payload as bytes; only whole packets are routed to TCP/UDP.
doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
seq:
  - id: version
    type: b4
    valid: 4
  - id: ihl
    type: b4
    valid:
      min: 5
    doc: Internet Header Length, in 32-bit words (5 without options).
  - id: dscp
    type: b6
    doc: Differentiated Services Code Point (RFC 2474), formerly part of Type of Service.
  - id: ecn
    type: b2
    doc: Explicit Congestion Notification (RFC 3168).
  - id: total_length
    type: u2
    valid:
      expr: _ == 0 or _ >= len_header
    doc: |
      Length of the header and data, in bytes. 0 in captures taken where the network
      card segments large sends (TCP segmentation offload): the packet is then the
      whole frame, as Wireshark reads it (`len_total`).
      When writing, set to the header's plus the body's byte length.
  - id: identification
    type: u2
    doc: Identifies the fragments of one datagram.
  - id: reserved
    type: b1
    doc: Must be zero.
  - id: dont_fragment
    -orig-id: DF
    type: b1
  - id: more_fragments
    -orig-id: MF
    type: b1
  - id: fragment_offset
    type: b13
    doc: Where this fragment belongs in the datagram, in 8-byte units.
  - id: ttl
    -orig-id: Time to Live
    type: u1
  - id: protocol
    type: u1
    enum: ip_protocol::ip_protocol
  - id: header_checksum
    type: u2
    doc: |
      When writing, the writer computes the checksum; it is stored as a plain integer.
  - id: src_addr
    -orig-id: Source Address
    size: 4
  - id: dst_addr
    -orig-id: Destination Address
    size: 4
  - id: options
    size: len_header - 20  # the header after its fixed 20 bytes
    doc: IP options, kept as bytes.
  - id: body
    size: len_body
    type: ip_payload(protocol)
    if: not is_fragment
  - id: fragment_data
    size: len_body
    if: is_fragment
    doc: Part of a fragmented datagram (the runtime reassembles the fragments).
instances:
  len_header:
    value: ihl * 4
    doc: Header length in bytes.
  is_fragment:
    value: more_fragments or fragment_offset != 0
  len_total:
    value: 'total_length == 0 ? _io.size : total_length'
    doc: Length of the header and data, from Total Length or, when that is 0, the frame.
  is_cut:
    value: len_total > _io.size
    doc: |
      The frame holds less than Total Length says: the capture cut it at its snapshot
      length (or the length lies). The payload is then what the frame has.
  len_body:
    # bounded by Total Length, or by the end of the frame when that comes first
    value: 'is_cut ? _io.size - len_header : len_total - len_header'
    doc: Bytes of payload in the frame.
