meta:
  id: blip_pdu
  title: Blip relay protocol data unit
  application: a made-up chat relay (wirestruct's test of protocols given by their spec)
  license: MIT
  ks-version: '0.11'
  imports:
    - blip_types
  endian: be
doc: |
  One unit of the Blip relay protocol: a kind byte, the body's length, then the body of
  that kind. Sent one after another over TCP, one a UDP datagram, or one a message.
seq:
  - id: kind
    type: u1
    enum: kind
    valid:
      in-enum: true
    doc: Which unit this is; the layout of the body depends on it.
  - id: len_body
    type: u2
    doc: Bytes of the body.
  - id: body
    size: len_body
    type:
      switch-on: kind
      cases:
        'kind::ping': ping
        'kind::say': say
        'kind::roster': roster
        'kind::bye': bye
    doc: The unit's fields.
types:
  ping:
    doc: Keep-alive, echoed by the peer.
    seq:
      - id: nonce
        type: u4
        doc: Echoed back unchanged.
  say:
    doc: A line of chat.
    seq:
      - id: speaker
        type: u2
        doc: The speaker's player id.
      - id: len_text
        type: u1
        doc: Bytes of the text.
      - id: text
        type: str
        size: len_text
        encoding: UTF-8
        doc: The line.
  roster:
    doc: Everyone in the room.
    seq:
      - id: num_players
        type: u1
        doc: Players that follow.
      - id: players
        type: blip_types::player
        repeat: expr
        repeat-expr: num_players
        doc: One entry a player.
  bye:
    doc: The sender leaves.
    seq:
      - id: reason
        type: u1
        enum: blip_types::reason
        doc: Why.
enums:
  kind:
    1: ping
    2: say
    3: roster
    4: bye
