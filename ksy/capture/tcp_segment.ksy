meta:
  id: tcp_segment
  title: TCP segment
  xref:
    rfc: 9293
    wikidata: Q8803
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  A TCP segment: the fixed 20-byte header, the options (kept as bytes; their length
  follows from the data offset) and the segment's data.
doc-ref: https://www.rfc-editor.org/rfc/rfc9293#section-3.1
seq:
  - id: src_port
    -orig-id: Source Port
    type: u2
  - id: dst_port
    -orig-id: Destination Port
    type: u2
  - id: seq_num
    -orig-id: Sequence Number
    type: u4
    doc: |
      Sequence number of the first data octet (of the SYN itself when `syn` is set).
      Arithmetic on it is modulo 2^32.
  - id: ack_num
    -orig-id: Acknowledgment Number
    type: u4
    doc: Next sequence number the sender expects to receive; meaningful when `ack` is set.
  - id: data_offset
    type: b4
    valid:
      min: 5
    doc: Length of the header (fixed part plus options) in 32-bit words.
  - id: reserved
    type: b4
    doc: Must be zero. The lowest bit was the experimental NS flag of RFC 3540 (now historic).
  - id: cwr
    type: b1
    doc: Congestion Window Reduced (RFC 3168).
  - id: ece
    type: b1
    doc: ECN-Echo (RFC 3168).
  - id: urg
    type: b1
    doc: The urgent pointer is significant.
  - id: ack
    type: b1
    doc: The acknowledgment number is significant.
  - id: psh
    type: b1
    doc: Push function.
  - id: rst
    type: b1
    doc: Reset the connection.
  - id: syn
    type: b1
    doc: Synchronize sequence numbers; occupies one sequence number.
  - id: fin
    type: b1
    doc: No more data from the sender; occupies one sequence number.
  - id: window
    type: u2
    doc: Receive window (before any window scaling negotiated in the options).
  - id: checksum
    type: u2
    doc: |
      When writing, the writer computes the checksum over the pseudo-header; it is stored as
      a plain integer.
  - id: urgent_pointer
    type: u2
  - id: options
    size: len_header - 20  # the header after its fixed 20 bytes
    doc: Options (MSS, window scale, SACK, timestamps ...), kept as bytes.
  - id: body
    size-eos: true
    doc: The segment's data.
instances:
  len_header:
    value: data_offset * 4
    doc: Length of the header including options, in bytes.
  len_sequence:
    value: 'body.size + (syn ? 1 : 0) + (fin ? 1 : 0)'
    doc: Sequence numbers this segment occupies (data octets, plus one each for SYN and FIN).
