meta:
  id: diep_serverbound
  title: diep.io serverbound packet
  application: diep.io
  license: MIT
  ks-version: '0.11'
  imports:
    - diep_types
  endian: le
  bit-endian: le
doc: |
  One serverbound (client to server) diep.io packet, as it is once the transport's
  encryption layer is removed: a header byte (the packet id), then the body.
doc-ref: serverbound.md
seq:
  - id: packet_id
    type: u1
    enum: serverbound_packet_id
    valid:
      in-enum: true
  - id: body
    type:
      switch-on: packet_id
      cases:
        serverbound_packet_id::init: init
        serverbound_packet_id::input: input
        serverbound_packet_id::spawn: spawn
        serverbound_packet_id::stat_upgrade: stat_upgrade
        serverbound_packet_id::tank_upgrade: tank_upgrade
        serverbound_packet_id::tcp_init: tcp_init
        serverbound_packet_id::extension_found: extension_found
        serverbound_packet_id::pow_answer: pow_answer
        serverbound_packet_id::js_result: js_result
    doc: Absent for the header-only packets (0x05 heartbeat, 0x08 to respawn, 0x09 take tank).
types:
  init:
    doc: 0x00, the first packet of a connection.
    doc-ref: serverbound.md "0x00 Init Packet"
    seq:
      - id: build
        type: diep_types::string_nt
        doc: Build hash; a wrong one is answered with clientbound 0x01.
      - id: dev_password
        type: diep_types::string_nt
      - id: party_code
        type: diep_types::string_nt
      - id: player_token
        type: diep_types::string_nt
      - id: debug_value
        type: diep_types::vu
        if: not _io.eof
        doc: Meaning unknown ("only active in debug builds"); read when present.
  input:
    doc: |
      0x01, the client's inputs: flags, the mouse position in world units, and the
      joystick axes when `use_joysticks` is set.
    doc-ref: serverbound.md "0x01 Input Packet"
    seq:
      - id: flags
        type: input_flags
      - id: mouse_x
        type: diep_types::vf
      - id: mouse_y
        type: diep_types::vf
      - id: axis_x
        type: diep_types::vf
        if: flags.use_joysticks
        doc: x-axis movement magnitude (joysticks only).
      - id: axis_y
        type: diep_types::vf
        if: flags.use_joysticks
        doc: y-axis movement magnitude (joysticks only).
  input_flags:
    doc: |
      The input bitflags, a `vu`, lowest bit first; one named boolean per bit (the bit
      values are listed in enum input_flag).
    doc-ref:
      - serverbound.md "0x01 Input Packet"
      - data.md "bitflags"
    seq:
      - id: bits
        type: diep_types::vu
    instances:
      fire:
        value: bits.value & 0x0001 != 0
        doc: Left mouse or space held, or autofire on.
      up:
        value: bits.value & 0x0002 != 0
      left:
        value: bits.value & 0x0004 != 0
      down:
        value: bits.value & 0x0008 != 0
      right:
        value: bits.value & 0x0010 != 0
      god_mode:
        value: bits.value & 0x0020 != 0
        -orig-id: god mode toggle
      suicide:
        value: bits.value & 0x0040 != 0
        -orig-id: suicide key
      right_mouse:
        value: bits.value & 0x0080 != 0
        doc: Shift or right click held.
      instant_upgrade:
        value: bits.value & 0x0100 != 0
      use_joysticks:
        value: bits.value & 0x0200 != 0
        doc: Movement comes as two axes after the mouse position.
      use_gamepad:
        value: bits.value & 0x0400 != 0
      switch_class:
        value: bits.value & 0x0800 != 0
      adblock:
        value: bits.value & 0x1000 != 0
  spawn:
    doc: 0x02, a spawn request with the chosen name.
    doc-ref: serverbound.md "0x02 Spawn Packet"
    seq:
      - id: name
        type: diep_types::string_nt
  stat_upgrade:
    doc: |
      0x03, upgrade a stat. The index is 0-based in reverse order of the stat list
      (`8 - normal index`), XORed with the build's stat xor (magicNum % 8).
    doc-ref: serverbound.md "0x03 Stat Upgrade Packet"
    seq:
      - id: stat_index_xored
        type: diep_types::vi
        -orig-id: stat index ^ stat xor
      - id: stat_max
        type: diep_types::vi
        doc: Upgrade only if the stat is below this, or always if it is negative.
  tank_upgrade:
    doc: 0x04, upgrade to a tank; the id is XORed with the build's tank xor (magicNum % 54).
    doc-ref: serverbound.md "0x04 Tank Upgrade Packet"
    seq:
      - id: tank_id_xored
        type: diep_types::vi
        -orig-id: tank id ^ tank xor
  tcp_init:
    doc: 0x06, never observed; a u32 of unknown meaning, then unknown bytes.
    doc-ref: serverbound.md "0x06 TCP Init Packet"
    seq:
      - id: unknown
        type: u4
      - id: rest
        size-eos: true
  extension_found:
    doc: 0x07, sent when the client detects a modification; the document gives no layout.
    doc-ref: serverbound.md "0x07 Extension Found Packet"
    seq:
      - id: data
        size-eos: true
  pow_answer:
    doc: 0x0A, the answer to a clientbound 0x0B proof-of-work challenge.
    doc-ref: serverbound.md "0x0A PoW Answer Packet"
    seq:
      - id: answer
        type: diep_types::string_nt
  js_result:
    doc: |
      0x0B, the result of a clientbound 0x0D challenge: its id, then the result, an
      integer `vu` in current builds (older builds could send a string).
    doc-ref: serverbound.md "0x0B JS Result Packet"
    seq:
      - id: id
        type: diep_types::vu
      - id: result
        type: diep_types::vu
enums:
  serverbound_packet_id:
    0x00: init
    0x01: input
    0x02: spawn
    0x03: stat_upgrade
    0x04: tank_upgrade
    0x05: heartbeat
    0x06: tcp_init
    0x07: extension_found
    0x08: to_respawn
    0x09: take_tank
    0x0a: pow_answer
    0x0b: js_result
  input_flag:
    0x0001: fire
    0x0002: up
    0x0004: left
    0x0008: down
    0x0010: right
    0x0020:
      id: god_mode
      -orig-id: god mode toggle
    0x0040:
      id: suicide
      -orig-id: suicide key
    0x0080: right_mouse
    0x0100: instant_upgrade
    0x0200: use_joysticks
    0x0400: use_gamepad
    0x0800: switch_class
    0x1000: adblock
