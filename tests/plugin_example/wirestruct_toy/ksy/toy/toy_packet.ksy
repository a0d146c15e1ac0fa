meta:
  id: toy_packet
  title: Toy game packet
  application: wirestruct example protocol plug-in
  license: MIT
  ks-version: '0.11'
  endian: be
doc: |
  A made-up two-player game, sent one packet a message: a packet id byte, then the body
  of its packet. It shows how a protocol plugs into wirestruct from a package of its own.
seq:
  - id: packet_id
    type: u1
    enum: packet_id
    doc: Which packet this is; the layout of the body depends on it.
  - id: body
    type:
      switch-on: packet_id
      cases:
        'packet_id::hello': hello
        'packet_id::move': move
        'packet_id::score': score
    doc: The packet's fields (none for an unknown id).
types:
  hello:
    doc: A player joins, with a name.
    seq:
      - id: player
        type: u1
        doc: The player's number, 1 or 2.
      - id: len_name
        type: u1
        doc: Bytes of the name.
      - id: name
        size: len_name
        type: str
        encoding: UTF-8
        doc: The player's name.
  move:
    doc: A player's paddle moves.
    seq:
      - id: player
        type: u1
        doc: The player's number.
      - id: x
        type: s2
        doc: Horizontal position, in court units.
      - id: y
        type: s2
        doc: Vertical position, in court units.
  score:
    doc: The score after a point.
    seq:
      - id: left
        type: u1
        doc: Points of player 1.
      - id: right
        type: u1
        doc: Points of player 2.
enums:
  packet_id:
    1: hello
    2: move
    3: score
