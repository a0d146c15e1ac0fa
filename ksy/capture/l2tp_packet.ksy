meta:
  id: l2tp_packet
  title: L2TP version 2 message
  application:
    - L2TP access concentrators and network servers (UDP port 1701)
    - Wireshark
  xref:
    rfc: 2661
    wikidata: Q1420385
  license: MIT
  ks-version: '0.11'
  imports:
    - ppp_frame
  endian: be
  bit-endian: be
doc: |
  A Layer Two Tunneling Protocol version 2 message on UDP port 1701: the flags and
  version, the optional Length, the tunnel and session ids, the optional Ns/Nr and
  Offset fields, then the message. A data message carries a PPP frame, parsed down to
  IPv4/IPv6; control messages keep their attribute-value pairs as bytes. Version 3
  messages (RFC 3931), which share the port, keep everything after the version as bytes.
doc-ref: https://www.rfc-editor.org/rfc/rfc2661#section-3.1
seq:
  - id: is_control
    -orig-id: T
    type: b1
    doc: A control message (1) or a data message (0).
  - id: has_length
    -orig-id: L
    type: b1
    doc: The Length field is present (always for control messages).
  - id: reserved1
    type: b2
  - id: has_sequence
    -orig-id: S
    type: b1
    doc: The Ns and Nr fields are present.
  - id: reserved2
    type: b1
  - id: has_offset
    -orig-id: O
    type: b1
    doc: The Offset Size field is present.
  - id: priority
    -orig-id: P
    type: b1
    doc: Data message to be treated preferentially.
  - id: reserved3
    type: b4
  - id: version
    -orig-id: Ver
    type: b4
    valid:
      any-of:
        - 2
        - 3
    doc: 2 for this layout; 3 for L2TPv3 over UDP.
  - id: len_message
    -orig-id: Length
    type: u2
    if: is_version_2 and has_length
    doc: Length of the whole message in bytes.
  - id: tunnel_id
    -orig-id: Tunnel ID
    type: u2
    if: is_version_2
  - id: session_id
    -orig-id: Session ID
    type: u2
    if: is_version_2
  - id: ns
    -orig-id: Ns
    type: u2
    if: is_version_2 and has_sequence
    doc: Sequence number of this message.
  - id: nr
    -orig-id: Nr
    type: u2
    if: is_version_2 and has_sequence
    doc: Sequence number expected in the next control message.
  - id: len_offset
    -orig-id: Offset Size
    type: u2
    if: is_version_2 and has_offset
    doc: Bytes of padding before the payload.
  - id: offset_pad
    -orig-id: Offset Pad
    size: len_offset
    if: is_version_2 and has_offset
  - id: body
    # a message with a Length ends there (UDP padding may follow); one without, at the end
    size: 'is_version_2 and has_length ? len_message - _io.pos : _io.size - _io.pos'
    type:
      switch-on: is_version_2 and not is_control
      cases:
        true: ppp_frame
    doc: A data message's PPP frame; otherwise bytes.
instances:
  is_version_2:
    value: version == 2
