meta:
  id: ipv6_packet
  title: IPv6 packet
  xref:
    rfc: 8200
  license: MIT
  ks-version: '0.11'
  imports:
    - ip_protocol
    - ip_payload
  endian: be
  bit-endian: be
doc: |
  An IPv6 packet: the fixed 40-byte header, then a payload of Payload Length bytes that
  starts with zero or more extension headers. The extension headers are walked through
  their Next Header / Hdr Ext Len fields and kept as bytes; the upper-layer header after
  them is routed to TCP/UDP.
doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-3
seq:
  - id: version
    type: b4
    valid: 6
  - id: traffic_class
    type: b8
  - id: flow_label
    type: b20
  - id: payload_length
    type: u2
    doc: Length of everything after the fixed header (extension headers included), in bytes.
  - id: next_header
    type: u1
    enum: ip_protocol::ip_protocol
    doc: Type of the first header after the fixed header.
  - id: hop_limit
    type: u1
  - id: src_addr
    -orig-id: Source Address
    size: 16
  - id: dst_addr
    -orig-id: Destination Address
    size: 16
  - id: payload
    # 40 bytes of fixed header are already read
    size: 'is_cut ? _io.size - 40 : len_payload'
    type: payload_chain(next_header)
instances:
  is_jumbogram:
    value: payload_length == 0 and next_header == ip_protocol::ip_protocol::hopopt
    doc: |
      Payload Length 0 with a Hop-by-Hop header: a jumbogram (RFC 2675), as large-send
      offload (BIG TCP) captures write them; the payload is then the whole frame, as
      Wireshark reads it.
  len_payload:
    value: 'is_jumbogram ? _io.size - 40 : payload_length'
    doc: Bytes of payload, from Payload Length or, for a jumbogram, the frame.
  is_cut:
    value: len_payload > _io.size - 40
    doc: |
      The frame holds less than Payload Length says (cut at the capture's snapshot
      length); the payload is then what the frame has.
types:
  payload_chain:
    doc: Extension headers, then the upper-layer payload.
    doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-4
    params:
      - id: first_header
        type: u1
        enum: ip_protocol::ip_protocol
    seq:
      - id: extension_headers
        # each header's type is the Next Header of the one before it
        type: 'extension_header(_index == 0 ? first_header : extension_headers[_index - 1].next_header)'
        repeat: until
        repeat-until: not _.is_extension_next
        if: is_extension_first
      - id: body
        size-eos: true
        type: ip_payload(upper_layer_protocol)
        if: not is_fragmented
      - id: fragment_data
        size-eos: true
        if: is_fragmented
        doc: Part of a fragmented packet; not reassembled.
    instances:
      is_extension_first:
        value: >-
          first_header == ip_protocol::ip_protocol::hopopt or
          first_header == ip_protocol::ip_protocol::ipv6_route or
          first_header == ip_protocol::ip_protocol::ipv6_frag or
          first_header == ip_protocol::ip_protocol::ah or
          first_header == ip_protocol::ip_protocol::ipv6_opts or
          first_header == ip_protocol::ip_protocol::mobility_header or
          first_header == ip_protocol::ip_protocol::hip or
          first_header == ip_protocol::ip_protocol::shim6
      upper_layer_protocol:
        value: 'is_extension_first ? extension_headers.last.next_header : first_header'
        doc: Protocol of the header after the last extension header.
      is_fragmented:
        value: >-
          is_extension_first and
          extension_headers.last.header_type == ip_protocol::ip_protocol::ipv6_frag
        doc: The payload is a fragment (the last extension header is a Fragment header).
  extension_header:
    doc: |
      Any extension header, through the layout they share: Next Header, Hdr Ext Len, then
      the header's own fields (kept as bytes).
    doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-4.2
    params:
      - id: header_type
        type: u1
        enum: ip_protocol::ip_protocol
        doc: Which extension header this is (from the previous header's Next Header).
    seq:
      - id: next_header
        type: u1
        enum: ip_protocol::ip_protocol
      - id: hdr_ext_len
        type: u1
        doc: |
          Length in 8-octet units not counting the first 8 octets; for the Authentication
          Header, in 4-octet units minus 2 (RFC 4302). Reserved (zero) in a Fragment header.
      - id: data
        # the whole header less the 2 bytes read: AH counts 4-octet units minus 2,
        # the others 8-octet units beyond the first 8
        size: 'header_type == ip_protocol::ip_protocol::ah ? hdr_ext_len * 4 + 2 : hdr_ext_len * 8 + 6'
    instances:
      is_extension_next:
        value: >-
          next_header == ip_protocol::ip_protocol::hopopt or
          next_header == ip_protocol::ip_protocol::ipv6_route or
          next_header == ip_protocol::ip_protocol::ipv6_frag or
          next_header == ip_protocol::ip_protocol::ah or
          next_header == ip_protocol::ip_protocol::ipv6_opts or
          next_header == ip_protocol::ip_protocol::mobility_header or
          next_header == ip_protocol::ip_protocol::hip or
          next_header == ip_protocol::ip_protocol::shim6
