meta:
  id: websocket_frame
  title: WebSocket frame
  application:
    - HTTP/1.1 connections upgraded to WebSocket
    - Wireshark
  xref:
    rfc: 6455
    wikidata: Q859938
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  One frame of a WebSocket connection: a 2-byte header, an extended payload length of
  16 or 64 bits when the 7-bit one is 126 or 127, the 4-byte masking key of a frame
  the client sent, then the payload. The payload of a masked frame is XORed with the
  key, byte i with key byte i mod 4; permessage-deflate (RFC 7692) marks the first
  frame of a compressed message with `rsv1`.
doc-ref: https://www.rfc-editor.org/rfc/rfc6455#section-5.2
seq:
  - id: header
    type: frame_header
  - id: payload
    size: header.len_payload
    doc: The payload as sent (masked when `header.mask` is set).
types:
  frame_header:
    doc: |
      The frame's header up to its payload; its size is `len_header`, known from the
      first two bytes.
    doc-ref: https://www.rfc-editor.org/rfc/rfc6455#section-5.2
    seq:
      - id: fin
        -orig-id: FIN
        type: b1
        doc: The last frame of its message.
      - id: rsv1
        -orig-id: RSV1
        type: b1
        doc: Set on the first frame of a compressed message (permessage-deflate), else 0.
      - id: rsv2
        -orig-id: RSV2
        type: b1
        doc: Must be 0 (no extension negotiated defines it).
      - id: rsv3
        -orig-id: RSV3
        type: b1
        doc: Must be 0 (no extension negotiated defines it).
      - id: opcode
        -orig-id: Opcode
        type: b4
        enum: opcode
      - id: mask
        -orig-id: MASK
        type: b1
        doc: The payload is masked; set on every frame a client sends, on none a server sends.
      - id: len_payload_short
        -orig-id: Payload length
        type: b7
        doc: The payload length; 126 and 127 say a 16- or 64-bit length follows.
      - id: len_payload_16
        type: u2
        if: len_payload_short == 126
        doc: Extended payload length (126 to 65535).
      - id: len_payload_64
        type: u8
        if: len_payload_short == 127
        doc: Extended payload length; its most significant bit must be 0.
      - id: masking_key
        -orig-id: Masking-key
        size: 4
        if: mask
    instances:
      len_payload:
        value: >-
          len_payload_short == 126 ? len_payload_16 :
          len_payload_short == 127 ? len_payload_64 : len_payload_short
        doc: The payload length in bytes.
      len_header:
        value: >-
          2 + (len_payload_short == 126 ? 2 : len_payload_short == 127 ? 8 : 0)
          + (mask ? 4 : 0)
        doc: Bytes of this header.
      is_control:
        value: opcode.to_i >= 8
        doc: A control frame (close, ping, pong, or a reserved control opcode).
enums:
  opcode:
    0x0:
      id: continuation
      doc: A further frame of a fragmented message.
    0x1: text
    0x2: binary
    0x8:
      id: close
      doc: Payload, when any, is a 2-byte status code and a UTF-8 reason.
    0x9: ping
    0xa: pong
