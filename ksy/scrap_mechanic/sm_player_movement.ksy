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
    doc: Which movement keys are pressed.
  - id: direction
    type: u1
    doc: |
      Horizontal direction the player walks or last walked in, relative to the yaw (not
      updated once the player stops). 0 is strafing right, increasing counter-clockwise;
      the keyboard gives steps of 32, but the server accepts any value.
  - id: yaw
    type: u1
    doc: |
      Horizontal look rotation; 0 looks into +Y, increasing counter-clockwise, wrapping
      from 255 back to 0.
  - id: pitch
    type: u1
    doc: Vertical look rotation; 0 looks straight down (-Z), 128 straight up.
types:
  keys:
    doc: |
      Movement keys bitfield, bit 7 first (see `sm_common::movement_key` for the bit
      values). All low while seated or tumbling.
    doc-ref: 30 - Player Movement, section Keys bitfield
    seq:
      # Big-endian bits: the first field read is bit 7.
      - id: reserved
        -orig-id: Unused
        type: b3
        valid: 0
        doc: Bits 7..5, guaranteed unused (always low).
      - id: aim
        type: b1
        doc: |
          Bit 4: aiming with a tool (set by `Tool:setMovementSlowDown`, read by
          `Character:isAiming`).
      - id: sprint
        type: b1
        doc: |
          Bit 3: sprinting while moving horizontally, not while holding Sprint standing
          still. Rises one tick late from a standstill and stays one tick after stopping.
      - id: horizontal
        type: b1
        doc: 'Bit 2: any of Move Forward, Move Backward, Strafe Left, Strafe Right held.'
      - id: crawl
        type: b1
        doc: |
          Bit 1: the Crawl (crouch) key is held; says nothing about whether the character
          actually crawls.
      - id: jump
        type: b1
        doc: 'Bit 0: the Jump button is held, on the ground or not.'
    instances:
      # The five flags packed back into one byte, bit 4 down to bit 0 (the bits above
      # are always low).
      value:
        value: >-
          (aim ? 0x10 : 0) + (sprint ? 0x08 : 0) + (horizontal ? 0x04 : 0)
          + (crawl ? 0x02 : 0) + (jump ? 0x01 : 0)
        doc: The bitfield as a byte (a sum of `sm_common::movement_key` values).
