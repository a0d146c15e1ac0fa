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
    -orig-id: Header
    type: u1
    enum: serverbound_packet_id
    valid:
      in-enum: true
    doc: Which packet this is; it selects the layout of the body.
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
    doc: |
      0x00, the first packet of a connection and the only one sent without the
      transport's encoding.
    doc-ref: serverbound.md "0x00 Init Packet"
    seq:
      - id: build
        -orig-id: build hash
        type: diep_types::string_nt
        doc: Build hash; a wrong one is answered with clientbound 0x01.
      - id: dev_password
        type: diep_types::string_nt
        doc: Admin password for development servers; empty otherwise.
      - id: party_code
        type: diep_types::string_nt
        doc: The party to join, as taken from the party link; empty for none.
      - id: player_token
        type: diep_types::string_nt
        doc: Token identifying the player to the server.
      - id: debug_value
        -orig-id: debug val
        type: diep_types::vu
        if: not _io.eof
        doc: Meaning unknown ("only active in debug builds"); read when present.
  input:
    doc: |
      0x01, the client's inputs: flags, the mouse position in world units, and the
      joystick axes when `use_joysticks` is set. The most frequent serverbound packet.
    doc-ref: serverbound.md "0x01 Input Packet"
    seq:
      - id: flags
        -orig-id: input flags
        type: input_flags
        doc: Keys and buttons held, one bit each (enum input_flag).
      - id: mouse_x
        -orig-id: world mouse x
        type: diep_types::vf
        doc: Mouse position, x, in world units.
      - id: mouse_y
        -orig-id: world mouse y
        type: diep_types::vf
        doc: Mouse position, y, in world units.
      - id: axis_x
        -orig-id: x axis
        type: diep_types::vf
        if: flags.use_joysticks
        doc: x-axis movement magnitude (joysticks only).
      - id: axis_y
        -orig-id: y axis
        type: diep_types::vf
        if: flags.use_joysticks
        doc: y-axis movement magnitude (joysticks only).
  input_flags:
    doc: |
      The input bitflags, a `vu`, lowest bit first; one named boolean per bit (the bit
      values are listed in enum input_flag). The document's example `99 10` is 2073: fire,
      down and right.
    doc-ref:
      - serverbound.md "0x01 Input Packet"
      - data.md "bitflags"
    seq:
      - id: bits
        type: diep_types::vu
        doc: All flags as one number; bit n is the (n+1)-th entry of the flag table.
    instances:
      # Each flag is bit n of the vu (`bits & mask != 0` with the mask of enum input_flag),
      # written `bits.value / 2^n % 2 != 0`: the same for a value that is never negative,
      # and Lua 5.2 (Wireshark 4.0) has no bit operators. The vu already holds the bits
      # lowest first, so no reordering is needed.
      fire:
        value: bits.value % 2 != 0
        doc: Left mouse or space held, or autofire on.
      up:
        -orig-id: up key
        value: bits.value / 0x0002 % 2 != 0
        doc: The up key is held.
      left:
        -orig-id: left key
        value: bits.value / 0x0004 % 2 != 0
        doc: The left key is held.
      down:
        -orig-id: down key
        value: bits.value / 0x0008 % 2 != 0
        doc: The down key is held.
      right:
        -orig-id: right key
        value: bits.value / 0x0010 % 2 != 0
        doc: The right key is held.
      god_mode:
        -orig-id: god mode toggle
        value: bits.value / 0x0020 % 2 != 0
        doc: God mode was toggled.
      suicide:
        -orig-id: suicide key
        value: bits.value / 0x0040 % 2 != 0
        doc: The suicide key is held.
      right_mouse:
        value: bits.value / 0x0080 % 2 != 0
        doc: Shift or right click held.
      instant_upgrade:
        value: bits.value / 0x0100 % 2 != 0
        doc: The upgrade key is held.
      use_joysticks:
        value: bits.value / 0x0200 % 2 != 0
        doc: Movement comes as two axes after the mouse position instead of the four key flags.
      use_gamepad:
        value: bits.value / 0x0400 % 2 != 0
        doc: A gamepad is in use instead of a keyboard; it has no effect on the game.
      switch_class:
        value: bits.value / 0x0800 % 2 != 0
        doc: The switch-class key is held.
      adblock:
        value: bits.value / 0x1000 % 2 != 0
        doc: Left over from when the game detected ad blockers.
  spawn:
    doc: |
      0x02, a spawn request with the chosen name. The server spawns the player only once
      the proof-of-work challenge is solved; a second request while waiting changes the
      name.
    doc-ref: serverbound.md "0x02 Spawn Packet"
    seq:
      - id: name
        type: diep_types::string_nt
        doc: The name to spawn with.
  stat_upgrade:
    doc: |
      0x03, upgrade a stat. The index is 0-based in reverse order of the stat list
      (`8 - normal index`), XORed with the build's stat xor (magicNum % 8).
    doc-ref:
      - serverbound.md "0x03 Stat Upgrade Packet"
      - serverbound.md "Magic Tank and Stat XOR"
    seq:
      - id: stat_index_xored
        type: diep_types::vi
        doc: |
          `stat index ^ stat xor` in the document: the stat to upgrade (movement speed 0,
          bullet damage 2), XORed with `magicNum(build) % 8`.
      - id: stat_max
        type: diep_types::vi
        doc: Upgrade only if the stat is below this, or always if it is negative.
  tank_upgrade:
    doc: |
      0x04, upgrade to a tank; ignored when the tank is not on the player's upgrade path
      or needs more levels.
    doc-ref:
      - serverbound.md "0x04 Tank Upgrade Packet"
      - serverbound.md "Magic Tank and Stat XOR"
    seq:
      - id: tank_id_xored
        type: diep_types::vi
        doc: |
          `tank id ^ tank xor` in the document: the tank id XORed with
          `magicNum(build) % 54`.
  tcp_init:
    doc: |
      0x06, never observed; lets the server acknowledge TCP connections (mobile). A u32 of
      unknown meaning, then unknown bytes.
    doc-ref: serverbound.md "0x06 TCP Init Packet"
    seq:
      - id: unknown
        type: u4
        doc: Unknown; the only known server code passes it to an "Acknowledged" call.
      - id: rest
        size-eos: true
        doc: Unknown bytes, kept as they are.
  extension_found:
    doc: 0x07, sent when the client detects a modification; the document gives no layout.
    doc-ref: serverbound.md "0x07 Extension Found Packet"
    seq:
      - id: data
        size-eos: true
        doc: The whole body, kept as bytes since its layout is unknown.
  pow_answer:
    doc: |
      0x0A, the answer to a clientbound 0x0B proof-of-work challenge. A wrong answer ends
      the connection and bans the address.
    doc-ref: serverbound.md "0x0A PoW Answer Packet"
    seq:
      - id: answer
        type: diep_types::string_nt
        doc: The string that solves the challenge's prefix at its difficulty.
  js_result:
    doc: |
      0x0B, the result of a clientbound 0x0D challenge: its id, then the result, an
      integer `vu` in current builds (older builds could send a string). A wrong result
      closes the connection.
    doc-ref: serverbound.md "0x0B JS Result Packet"
    seq:
      - id: id
        type: diep_types::vu
        doc: The evaluation id, as in the challenge.
      - id: result
        type: diep_types::vu
        doc: What the challenge's code returned (a uint32).
enums:
  serverbound_packet_id:
    0x00:
      id: init
      doc: Starts the connection.
    0x01:
      id: input
      doc: Inputs, movement and mouse.
    0x02:
      id: spawn
      doc: Spawn request with the chosen name.
    0x03:
      id: stat_upgrade
      doc: Upgrade a stat.
    0x04:
      id: tank_upgrade
      doc: Upgrade the tank.
    0x05:
      id: heartbeat
      doc: Ping; the server echoes 0x05 at once. Header only.
    0x06:
      id: tcp_init
      doc: TCP acknowledgement, never observed.
    0x07:
      id: extension_found
      doc: The client detected a modification of the game.
    0x08:
      id: to_respawn
      doc: The client left the death screen for the respawn screen. Header only.
    0x09:
      id: take_tank
      doc: Take control of another tank, e.g. a dominator. Header only.
    0x0a:
      id: pow_answer
      doc: Answer to a proof-of-work challenge.
    0x0b:
      id: js_result
      doc: Result of a JavaScript challenge.
  input_flag:
    0x0001: fire
    0x0002:
      id: up
      -orig-id: up key
    0x0004:
      id: left
      -orig-id: left key
    0x0008:
      id: down
      -orig-id: down key
    0x0010:
      id: right
      -orig-id: right key
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
