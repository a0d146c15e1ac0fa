meta:
  id: tlv
  title: A made-up message (type, big-endian length, payload) to test encoding with
  license: CC0-1.0
  endian: be
doc: |
  One message: a type byte, the payload's length and the payload. Nobody's protocol: it
  checks that the writer sets lengths from the specs alone.
seq:
  - id: msg_type
    type: u1
  - id: len_payload
    type: u2
  - id: payload
    size: len_payload
  - id: len_name
    type: u1
    doc: The name's length plus its two-byte prefix.
  - id: name
    type: str
    encoding: UTF-8
    size: len_name - 2
  - id: num_words
    type: u1
  - id: words
    type: u2
    repeat: expr
    repeat-expr: num_words * 2
  - id: len_a
    type: u1
  - id: len_b
    type: u1
  - id: tail
    size: len_a + len_b
    doc: An expression of two fields, which the writer cannot solve for one of them.
