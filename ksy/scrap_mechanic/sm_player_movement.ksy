meta:
  id: sm_player_movement
  title: Scrap Mechanic 30 Player Movement body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  The body of a 30 Player Movement packet (client to server, once a tick) after LZ4
  decompression: the pressed movement keys and the look direction, no position.
doc-ref: 30 - Player Movement, section Structure
seq:
  - id: tick
    type: u4
    doc: The current tick.
  - id: keys
    type: keys
  - id: direction
    type: u1
    doc: |
      Horizontal walking direction relative to the yaw; 0 = strafing right, increasing
      counter-clockwise.
  - id: yaw
    type: u1
    doc: Horizontal look rotation; 0 looks into +Y, increasing counter-clockwise.
  - id: pitch
    type: u1
    doc: Vertical look rotation; 0 looks straight down, 128 straight up.
types:
  keys:
    doc: |
      Movement keys bitfield, bit 7 first (see `sm_common::movement_key` for the bit
      values). All low while seated or tumbling.
    doc-ref: 30 - Player Movement, section Keys bitfield
    seq:
      - id: unused
        type: b3
        valid: 0
        doc: Bits 7..5, guaranteed unused (always low).
      - id: aim
        type: b1
      - id: sprint
        type: b1
      - id: horizontal
        type: b1
      - id: crawl
        type: b1
      - id: jump
        type: b1
    instances:
      value:
        value: >-
          (aim ? 0x10 : 0) + (sprint ? 0x08 : 0) + (horizontal ? 0x04 : 0)
          + (crawl ? 0x02 : 0) + (jump ? 0x01 : 0)
        doc: The bitfield as a byte (a sum of `sm_common::movement_key` values).
