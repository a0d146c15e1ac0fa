meta:
  id: blip_types
  title: Blip relay protocol shared types
  application: a made-up chat relay (wirestruct's test of protocols given by their spec)
  license: MIT
  ks-version: '0.11'
  endian: be
doc: Types the Blip units share.
types:
  player:
    doc: One player of a roster.
    seq:
      - id: player_id
        type: u2
        doc: The player's id.
      - id: score
        type: s4
        doc: Points, may be negative.
      - id: name
        type: strz
        encoding: UTF-8
        doc: The player's name, zero-terminated.
enums:
  reason:
    0: quit
    1: kicked
    2: timeout
