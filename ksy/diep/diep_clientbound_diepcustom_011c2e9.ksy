# Rendered by `wirestruct regen` from templates/diep_clientbound.ksy.j2 with data/diepcustom_011c2e9.json.
# Edit those files, not this one.
meta:
  id: diep_clientbound_diepcustom_011c2e9
  title: diep.io clientbound packet, build diepcustom-011c2e9
  application: diep.io
  license: MIT
  ks-version: '0.11'
  imports:
    - diep_types
  endian: le
  bit-endian: le
doc: |
  One clientbound (server to client) diep.io packet, as it is once the transport's
  encryption layer is removed: a header byte (the packet id), then the body. The 0x00
  update packet is laid out by the field table of build "diepcustom-011c2e9"
  (DiepCustom, commit 011c2e9); this spec is rendered from that table, one spec per build.

  0x02 wraps another packet in one raw LZ4 block; the block is kept as bytes here and
  the decompressed packet, which starts with its own header byte, is parsed with this
  same spec.
doc-ref:
  - clientbound.md
  - 0x00-update-packet.txt
  - "README.md (build diepcustom-011c2e9) sections 3.1-3.5; fields.json"
seq:
  - id: packet_id
    -orig-id: Header
    type: u1
    enum: clientbound_packet_id
    valid:
      in-enum: true
    doc: Which packet this is; it selects the layout of the body.
  - id: body
    type:
      switch-on: packet_id
      cases:
        clientbound_packet_id::update: update_packet
        clientbound_packet_id::outdated_client: outdated_client
        clientbound_packet_id::compressed: compressed
        clientbound_packet_id::notification: notification
        clientbound_packet_id::server_info: server_info
        clientbound_packet_id::party_code: party_code
        clientbound_packet_id::accept: accept
        clientbound_packet_id::achievement: achievement
        clientbound_packet_id::player_count: player_count
        clientbound_packet_id::pow_challenge: pow_challenge
        clientbound_packet_id::unnamed: unnamed
        clientbound_packet_id::int_js_challenge: int_js_challenge
    doc: Absent for the header-only packets (0x05 heartbeat, 0x09 invalid party).
types:
  update_packet:
    doc: |
      0x00: the game tick, the entities to forget, then the upcreates (creations and
      updates). Apply in wire order: all deletions, then the upcreates one by one.
    doc-ref:
      - 0x00-update-packet.txt
      - README.md section 3
    seq:
      - id: tick
        -orig-id: game tick
        type: diep_types::vu
        doc: Game tick counter (starts at 1, +1 every 40 ms).
      - id: num_deletions
        -orig-id: deleteCount
        type: diep_types::vu
        doc: Number of entities deleted in this packet.
      - id: deletions
        type: diep_types::entid
        repeat: expr
        repeat-expr: num_deletions.value
        doc: |
          Entities the client must forget (hash as when the entity was created): destroyed,
          out of view, or gone with their root parent. An entity may be deleted and created
          again in the same packet, which forces a full re-send.
      - id: num_upcreates
        -orig-id: upcreateCount
        type: diep_types::vu
        doc: Number of creations and updates that follow.
      - id: upcreates
        type: upcreate
        repeat: expr
        repeat-expr: num_upcreates.value
        doc: |
          Creations and updates, applied one after another after the deletions. An entity
          is never updated in the packet that creates it.
  upcreate:
    doc: A creation (entity with all its fields) or an update (only changed fields).
    doc-ref: README.md section 3
    seq:
      - id: entity
        type: diep_types::entid
        doc: The entity created or updated.
      - id: kind
        type: u1
        enum: upcreate_kind
        valid:
          in-enum: true
        doc: "`01` for a creation, `00` for an update."
      - id: body
        type:
          switch-on: kind
          cases:
            upcreate_kind::update: entity_update
            upcreate_kind::creation: creation
        doc: The creation's group table and values, or the update's field table.
  creation:
    doc: |
      The entity's field groups as an index-only jump table, then every field of every
      present group in creation order (no tags); array fields write all their elements.
    doc-ref: README.md section 3.1
    seq:
      - id: groups
        type: diep_types::index_table(15)
        doc: Field group ids present, ascending (see enum field_group).
      - id: position_y
        -orig-id: "Position.y"
        type: diep_types::vi
        if: has_position
        doc: |
          Creation index 0, update index 0; varint32 (zigzag, then vu). The server holds
          a float; the wire carries it truncated toward zero.
      - id: position_x
        -orig-id: "Position.x"
        type: diep_types::vi
        if: has_position
        doc: |
          Creation index 1, update index 1; varint32 (zigzag, then vu). The server holds
          a float; the wire carries it truncated toward zero.
      - id: position_angle
        -orig-id: "Position.angle"
        type: diep_types::fixed_point(64)
        if: has_position
        doc: |
          Creation index 2, update index 2; not a float64: fixed point with 6 fraction
          bits, vi(trunc(value * 64)), value = int / 64. Radians, in steps of 1/64
          (truncated).
      - id: physics_size
        -orig-id: "Physics.size"
        type: diep_types::f32
        if: has_physics
        doc: |
          Creation index 3, update index 3; float32, little-endian
      - id: camera_player
        -orig-id: "Camera.player"
        type: diep_types::entid
        if: has_camera
        doc: |
          Creation index 4, update index 4; entity reference: vu(hash), then vu(id) when
          hash != 0
      - id: arena_flags
        -orig-id: "Arena.flags"
        type: diep_types::vu
        if: has_arena
        doc: |
          Creation index 5, update index 5; varuint32 (unsigned LEB128)
      - id: style_color
        -orig-id: "Style.color"
        type: diep_types::vu
        if: has_style
        doc: |
          Creation index 6, update index 6; varuint32 (unsigned LEB128). A net colour
          (enum net_color). A stored 2 (Tank) goes out as 15 (EnemyTank) unless the
          entity's Relations.team is the team of the camera's current player, in
          creations and updates alike.
      - id: arena_scoreboard_colors
        -orig-id: "Arena.scoreboardColors"
        type: diep_types::vu
        repeat: expr
        repeat-expr: 10
        if: has_arena
        doc: |
          Creation index 7, update index 7; varuint32 (unsigned LEB128), 10 elements.
          Net colours (enum net_color) of the scoreboard bars.
      - id: camera_killed_by
        -orig-id: "Camera.killedBy"
        type: diep_types::string_nt
        if: has_camera
        doc: |
          Creation index 8, update index 8; null-terminated UTF-8
      - id: arena_players_needed
        -orig-id: "Arena.playersNeeded"
        type: diep_types::vi
        if: has_arena
        doc: |
          Creation index 9, update index 9; varint32 (zigzag, then vu)
      - id: physics_sides
        -orig-id: "Physics.sides"
        type: diep_types::vu
        if: has_physics
        doc: |
          Creation index 10, update index 10; varuint32 (unsigned LEB128)
      - id: team_flags
        -orig-id: "Team.flags"
        type: diep_types::vu
        if: has_team
        doc: |
          Creation index 11, update index 11; varuint32 (unsigned LEB128)
      - id: health_flags
        -orig-id: "Health.flags"
        type: diep_types::vu
        if: has_health
        doc: |
          Creation index 12, update index 12; varuint32 (unsigned LEB128)
      - id: arena_scoreboard_tanks
        -orig-id: "Arena.scoreboardTanks"
        type: diep_types::vi
        repeat: expr
        repeat-expr: 10
        if: has_arena
        doc: |
          Creation index 13, update index 13; varint32 (zigzag, then vu), 10 elements.
          Tank ids of the scoreboard entries.
      - id: camera_respawn_level
        -orig-id: "Camera.respawnLevel"
        type: diep_types::vi
        if: has_camera
        doc: |
          Creation index 14, update index 14; varint32 (zigzag, then vu)
      - id: camera_levelbar_progress
        -orig-id: "Camera.levelbarProgress"
        type: diep_types::f32
        if: has_camera
        doc: |
          Creation index 15, update index 15; float32, little-endian
      - id: camera_spawn_tick
        -orig-id: "Camera.spawnTick"
        type: diep_types::vi
        if: has_camera
        doc: |
          Creation index 16, update index 16; varint32 (zigzag, then vu)
      - id: physics_absorbtion_factor
        -orig-id: "Physics.absorbtionFactor"
        type: diep_types::f32
        if: has_physics
        doc: |
          Creation index 17, update index 17; float32, little-endian. Spelled as
          DiepCustom spells it.
      - id: arena_leader_x
        -orig-id: "Arena.leaderX"
        type: diep_types::f32
        if: has_arena
        doc: |
          Creation index 18, update index 18; float32, little-endian
      - id: health_max_health
        -orig-id: "Health.maxHealth"
        type: diep_types::f32
        if: has_health
        doc: |
          Creation index 19, update index 19; float32, little-endian
      - id: style_flags
        -orig-id: "Style.flags"
        type: diep_types::vu
        if: has_style
        doc: |
          Creation index 20, update index 20; varuint32 (unsigned LEB128)
      - id: barrel_trapezoid_direction
        -orig-id: "Barrel.trapezoidDirection"
        type: diep_types::f32
        if: has_barrel
        doc: |
          Creation index 21, update index 22; float32, little-endian
      - id: position_flags
        -orig-id: "Position.flags"
        type: diep_types::vu
        if: has_position
        doc: |
          Creation index 22, update index 23; varuint32 (unsigned LEB128)
      - id: arena_scoreboard_names
        -orig-id: "Arena.scoreboardNames"
        type: diep_types::string_nt
        repeat: expr
        repeat-expr: 10
        if: has_arena
        doc: |
          Creation index 23, update index 24; null-terminated UTF-8, 10 elements
      - id: camera_score
        -orig-id: "Camera.score"
        type: diep_types::f32
        if: has_camera
        doc: |
          Creation index 24, update index 25; float32, little-endian
      - id: team_mothership_y
        -orig-id: "Team.mothershipY"
        type: diep_types::f32
        if: has_team
        doc: |
          Creation index 25, update index 26; float32, little-endian
      - id: arena_scoreboard_suffixes
        -orig-id: "Arena.scoreboardSuffixes"
        type: diep_types::string_nt
        repeat: expr
        repeat-expr: 10
        if: has_arena
        doc: |
          Creation index 26, update index 27; null-terminated UTF-8, 10 elements
      - id: name_flags
        -orig-id: "Name.flags"
        type: diep_types::vu
        if: has_name
        doc: |
          Creation index 27, update index 28; varuint32 (unsigned LEB128)
      - id: camera_movement_speed
        -orig-id: "Camera.movementSpeed"
        type: diep_types::f32
        if: has_camera
        doc: |
          Creation index 28, update index 29; float32, little-endian
      - id: arena_leader_y
        -orig-id: "Arena.leaderY"
        type: diep_types::f32
        if: has_arena
        doc: |
          Creation index 29, update index 30; float32, little-endian
      - id: arena_bottom_y
        -orig-id: "Arena.bottomY"
        type: diep_types::f32
        if: has_arena
        doc: |
          Creation index 30, update index 31; float32, little-endian
      - id: relations_team
        -orig-id: "Relations.team"
        type: diep_types::entid
        if: has_relations
        doc: |
          Creation index 31, update index 32; entity reference: vu(hash), then vu(id)
          when hash != 0
      - id: camera_level
        -orig-id: "Camera.level"
        type: diep_types::vi
        if: has_camera
        doc: |
          Creation index 32, update index 33; varint32 (zigzag, then vu)
      - id: team_team_color
        -orig-id: "Team.teamColor"
        type: diep_types::vu
        if: has_team
        doc: |
          Creation index 33, update index 34; varuint32 (unsigned LEB128). The team's
          net colour (enum net_color).
      - id: camera_fov
        -orig-id: "Camera.FOV"
        type: diep_types::f32
        if: has_camera
        doc: |
          Creation index 34, update index 35; float32, little-endian
      - id: camera_stat_limits
        -orig-id: "Camera.statLimits"
        type: diep_types::vi
        repeat: expr
        repeat-expr: 8
        if: has_camera
        doc: |
          Creation index 35, update index 36; varint32 (zigzag, then vu), 8 elements
      - id: arena_left_x
        -orig-id: "Arena.leftX"
        type: diep_types::f32
        if: has_arena
        doc: |
          Creation index 36, update index 37; float32, little-endian
      - id: arena_scoreboard_scores
        -orig-id: "Arena.scoreboardScores"
        type: diep_types::f32
        repeat: expr
        repeat-expr: 10
        if: has_arena
        doc: |
          Creation index 37, update index 38; float32, little-endian, 10 elements.
          Creations send all 10 as float32; an update sends each changed element as a
          vi, truncated toward zero.
      - id: camera_stat_levels
        -orig-id: "Camera.statLevels"
        type: diep_types::vi
        repeat: expr
        repeat-expr: 8
        if: has_camera
        doc: |
          Creation index 38, update index 39; varint32 (zigzag, then vu), 8 elements
      - id: camera_tank_override
        -orig-id: "Camera.tankOverride"
        type: diep_types::string_nt
        if: has_camera
        doc: |
          Creation index 39, update index 40; null-terminated UTF-8
      - id: camera_tank
        -orig-id: "Camera.tank"
        type: diep_types::vi
        if: has_camera
        doc: |
          Creation index 40, update index 41; varint32 (zigzag, then vu). A tank id.
          data.md gives -1 as the default; DiepCustom's default is 53, which its
          spectator camera sends.
      - id: style_border_width
        -orig-id: "Style.borderWidth"
        type: diep_types::fixed_point(64)
        if: has_style
        doc: |
          Creation index 41, update index 42; not a float64: fixed point with 6 fraction
          bits, vi(trunc(value * 64)), value = int / 64. In steps of 1/64 (truncated);
          7.5 is sent as c0 07.
      - id: camera_death_tick
        -orig-id: "Camera.deathTick"
        type: diep_types::vi
        if: has_camera
        doc: |
          Creation index 42, update index 43; varint32 (zigzag, then vu)
      - id: physics_width
        -orig-id: "Physics.width"
        type: diep_types::f32
        if: has_physics
        doc: |
          Creation index 43, update index 44; float32, little-endian
      - id: camera_stats_available
        -orig-id: "Camera.statsAvailable"
        type: diep_types::vi
        if: has_camera
        doc: |
          Creation index 44, update index 45; varint32 (zigzag, then vu)
      - id: barrel_flags
        -orig-id: "Barrel.flags"
        type: diep_types::vu
        if: has_barrel
        doc: |
          Creation index 45, update index 46; varuint32 (unsigned LEB128)
      - id: camera_levelbar_max
        -orig-id: "Camera.levelbarMax"
        type: diep_types::f32
        if: has_camera
        doc: |
          Creation index 46, update index 47; float32, little-endian
      - id: name_name
        -orig-id: "Name.name"
        type: diep_types::string_nt
        if: has_name
        doc: |
          Creation index 47, update index 48; null-terminated UTF-8
      - id: relations_owner
        -orig-id: "Relations.owner"
        type: diep_types::entid
        if: has_relations
        doc: |
          Creation index 48, update index 49; entity reference: vu(hash), then vu(id)
          when hash != 0
      - id: health_health
        -orig-id: "Health.health"
        type: diep_types::f32
        if: has_health
        doc: |
          Creation index 49, update index 50; float32, little-endian
      - id: camera_camera_y
        -orig-id: "Camera.cameraY"
        type: diep_types::f32
        if: has_camera
        doc: |
          Creation index 50, update index 51; float32, little-endian
      - id: style_opacity
        -orig-id: "Style.opacity"
        type: diep_types::f32
        if: has_style
        doc: |
          Creation index 51, update index 52; float32, little-endian
      - id: barrel_reload_time
        -orig-id: "Barrel.reloadTime"
        type: diep_types::f32
        if: has_barrel
        doc: |
          Creation index 52, update index 53; float32, little-endian
      - id: camera_stat_names
        -orig-id: "Camera.statNames"
        type: diep_types::string_nt
        repeat: expr
        repeat-expr: 8
        if: has_camera
        doc: |
          Creation index 53, update index 54; null-terminated UTF-8, 8 elements
      - id: camera_camera_x
        -orig-id: "Camera.cameraX"
        type: diep_types::f32
        if: has_camera
        doc: |
          Creation index 54, update index 55; float32, little-endian
      - id: team_mothership_x
        -orig-id: "Team.mothershipX"
        type: diep_types::f32
        if: has_team
        doc: |
          Creation index 55, update index 56; float32, little-endian
      - id: camera_unused_client_id
        -orig-id: "Camera.unusedClientId"
        type: diep_types::vu
        if: has_camera
        doc: |
          Creation index 56, update index 57; varuint32 (unsigned LEB128)
      - id: relations_parent
        -orig-id: "Relations.parent"
        type: diep_types::entid
        if: has_relations
        doc: |
          Creation index 57, update index 58; entity reference: vu(hash), then vu(id)
          when hash != 0
      - id: style_z_index
        -orig-id: "Style.zIndex"
        type: diep_types::vu
        if: has_style
        doc: |
          Creation index 58, update index 59; varuint32 (unsigned LEB128)
      - id: camera_flags
        -orig-id: "Camera.flags"
        type: diep_types::vu
        if: has_camera
        doc: |
          Creation index 59, update index 60; varuint32 (unsigned LEB128)
      - id: arena_right_x
        -orig-id: "Arena.rightX"
        type: diep_types::f32
        if: has_arena
        doc: |
          Creation index 60, update index 61; float32, little-endian
      - id: physics_push_factor
        -orig-id: "Physics.pushFactor"
        type: diep_types::f32
        if: has_physics
        doc: |
          Creation index 61, update index 62; float32, little-endian
      - id: physics_flags
        -orig-id: "Physics.flags"
        type: diep_types::vu
        if: has_physics
        doc: |
          Creation index 62, update index 63; varuint32 (unsigned LEB128)
      - id: arena_scoreboard_amount
        -orig-id: "Arena.scoreboardAmount"
        type: diep_types::vu
        if: has_arena
        doc: |
          Creation index 63, update index 64; varuint32 (unsigned LEB128)
      - id: arena_ticks_until_start
        -orig-id: "Arena.ticksUntilStart"
        type: diep_types::f32
        if: has_arena
        doc: |
          Creation index 64, update index 65; float32, little-endian
      - id: arena_top_y
        -orig-id: "Arena.topY"
        type: diep_types::f32
        if: has_arena
        doc: |
          Creation index 65, update index 66; float32, little-endian
      - id: score_score
        -orig-id: "Score.score"
        type: diep_types::f32
        if: has_score
        doc: |
          Creation index 66, update index 67; float32, little-endian
    instances:
      style_color_enum:
        value: style_color.value
        enum: net_color
        if: has_style
        doc: "Style.color as a net_color"
      team_team_color_enum:
        value: team_team_color.value
        enum: net_color
        if: has_team
        doc: "Team.teamColor as a net_color"
      # Group n is present when bit n of the group table's bit set is set, taken as
      # `mask / 2^n % 2` (the mask is never negative): Lua 5.2 (Wireshark 4.0) has no
      # bit operators.
      has_relations:
        value: groups.mask / 1 % 2 == 1
        doc: "The entity has field group 0 (Relations)"
      has_cpu_controllable:
        value: groups.mask / 2 % 2 == 1
        doc: "The entity has field group 1 (CPUControllable); this build never sends it"
      has_barrel:
        value: groups.mask / 4 % 2 == 1
        doc: "The entity has field group 2 (Barrel)"
      has_physics:
        value: groups.mask / 8 % 2 == 1
        doc: "The entity has field group 3 (Physics)"
      has_health:
        value: groups.mask / 16 % 2 == 1
        doc: "The entity has field group 4 (Health)"
      has_dominator:
        value: groups.mask / 32 % 2 == 1
        doc: "The entity has field group 5 (Dominator); this build never sends it"
      has_example:
        value: groups.mask / 64 % 2 == 1
        doc: "The entity has field group 6 (Example); this build never sends it"
      has_arena:
        value: groups.mask / 128 % 2 == 1
        doc: "The entity has field group 7 (Arena)"
      has_name:
        value: groups.mask / 256 % 2 == 1
        doc: "The entity has field group 8 (Name)"
      has_camera:
        value: groups.mask / 512 % 2 == 1
        doc: "The entity has field group 9 (Camera)"
      has_position:
        value: groups.mask / 1024 % 2 == 1
        doc: "The entity has field group 10 (Position)"
      has_style:
        value: groups.mask / 2048 % 2 == 1
        doc: "The entity has field group 11 (Style)"
      has_tagged:
        value: groups.mask / 4096 % 2 == 1
        doc: "The entity has field group 12 (Tagged); this build never sends it"
      has_score:
        value: groups.mask / 8192 % 2 == 1
        doc: "The entity has field group 13 (Score)"
      has_team:
        value: groups.mask / 16384 % 2 == 1
        doc: "The entity has field group 14 (Team)"
  entity_update:
    doc: |
      The changed fields as a jump table over the 68 update slots, each
      value in the field's update type, closed by `01`.
    doc-ref: README.md section 3.2
    seq:
      - id: table_start
        type: u1
        valid: 1
        doc: Updates always begin `00 01`; this is the `01`.
      - id: fields
        type: 'update_field(_index == 0 ? -1 : fields[_index - 1].index)'
        repeat: until
        repeat-until: _.xored_jump == 1
        doc: The changed fields, then the closing entry.
  update_field:
    doc: One entry of an update's field table; the slot says how the value is read.
    doc-ref: README.md sections 3.2 and 3.5
    params:
      - id: prev_index
        type: s4
    seq:
      - id: xored_jump
        type: u1
        # The jump (_ XOR 1) from prev_index must land on one of the build's update slots.
        # XOR 1 is written as a ternary (even: + 1, odd: - 1): Lua 5.2 (Wireshark 4.0)
        # has no `~`.
        valid:
          expr: '_ <= 69 and (_ == 1 or prev_index + (_ % 2 == 0 ? _ + 1 : _ - 1) < 68)'
        doc: |
          `(slot - prev_index) XOR 1`; `01` closes the table. The same entry as
          `diep_types::jump` over 68 slots, read inline (one object fewer
          per changed field).

          When writing, set to `(index - prev_index) ^ 1` from the previous entry's slot,
          and end the table with a closing entry of 1; each entry's parameters come from the
          one before.
      - id: value
        # Switches on the update slot, not the creation index: from slot 21 on the two
        # differ by one (see enum update_slot).
        type:
          switch-on: index
          cases:
            0: diep_types::vi
            1: diep_types::vi
            2: diep_types::fixed_point(64)
            3: diep_types::f32
            4: diep_types::entid
            5: diep_types::vu
            6: diep_types::vu
            7: element_table_vu(10)
            8: diep_types::string_nt
            9: diep_types::vi
            10: diep_types::vu
            11: diep_types::vu
            12: diep_types::vu
            13: element_table_vi(10)
            14: diep_types::vi
            15: diep_types::f32
            16: diep_types::vi
            17: diep_types::f32
            18: diep_types::f32
            19: diep_types::f32
            20: diep_types::vu
            22: diep_types::f32
            23: diep_types::vu
            24: element_table_string_nt(10)
            25: diep_types::f32
            26: diep_types::f32
            27: element_table_string_nt(10)
            28: diep_types::vu
            29: diep_types::f32
            30: diep_types::f32
            31: diep_types::f32
            32: diep_types::entid
            33: diep_types::vi
            34: diep_types::vu
            35: diep_types::f32
            36: element_table_vi(8)
            37: diep_types::f32
            38: element_table_vi(10)
            39: element_table_vi(8)
            40: diep_types::string_nt
            41: diep_types::vi
            42: diep_types::fixed_point(64)
            43: diep_types::vi
            44: diep_types::f32
            45: diep_types::vi
            46: diep_types::vu
            47: diep_types::f32
            48: diep_types::string_nt
            49: diep_types::entid
            50: diep_types::f32
            51: diep_types::f32
            52: diep_types::f32
            53: diep_types::f32
            54: element_table_string_nt(8)
            55: diep_types::f32
            56: diep_types::f32
            57: diep_types::vu
            58: diep_types::entid
            59: diep_types::vu
            60: diep_types::vu
            61: diep_types::f32
            62: diep_types::f32
            63: diep_types::vu
            64: diep_types::vu
            65: diep_types::f32
            66: diep_types::f32
            67: diep_types::f32
            _: diep_types::slot_not_sent
        if: xored_jump != 1
        doc: |
          The field's value in its update type; an array field's value is a nested table
          of the changed elements. A slot the build never sends is an error.
    instances:
      is_end:
        value: xored_jump == 1
        doc: This entry closes the update's field table.
      index:
        # xored_jump XOR 1, without the operator Lua 5.2 lacks (see xored_jump).
        value: 'prev_index + (xored_jump % 2 == 0 ? xored_jump + 1 : xored_jump - 1)'
        doc: Update slot (see enum update_slot).
      slot:
        value: index
        enum: update_slot
        doc: The update slot as a field name.
  element_table_vu:
    doc: |
      The changed elements of an array field of varuint32 (unsigned LEB128): a nested jump
      table over element indexes, each followed by the element, closed by `01`.
    doc-ref: README.md section 3.2
    params:
      - id: num_elements
        type: s4
        doc: Number of elements of the array field.
    seq:
      - id: elements
        # Each entry gets the element index of the entry before it (-1 for the first).
        type: 'element_vu(_index == 0 ? -1 : elements[_index - 1].index, num_elements)'
        repeat: until
        repeat-until: _.is_end
        doc: The changed elements in increasing index order, then the closing entry.
  element_vu:
    doc: One changed element (or the closing entry) of an element table.
    doc-ref: README.md section 3.2
    params:
      - id: prev_index
        type: s4
        doc: Element index of the previous entry; -1 for the first.
      - id: num_elements
        type: s4
        doc: Number of elements of the array field.
    seq:
      - id: jump
        type: diep_types::jump(prev_index, num_elements)
        doc: "`(element index - previous element index) XOR 1`; `01` closes the table."
      - id: value
        type: diep_types::vu
        if: not jump.is_end
        doc: The element's new value.
    instances:
      is_end:
        value: jump.is_end
        doc: This entry closes the element table.
      index:
        value: jump.index
        doc: Index of the changed element in the array field.
  element_table_vi:
    doc: |
      The changed elements of an array field of varint32 (zigzag, then vu): a nested jump
      table over element indexes, each followed by the element, closed by `01`.
    doc-ref: README.md section 3.2
    params:
      - id: num_elements
        type: s4
        doc: Number of elements of the array field.
    seq:
      - id: elements
        # Each entry gets the element index of the entry before it (-1 for the first).
        type: 'element_vi(_index == 0 ? -1 : elements[_index - 1].index, num_elements)'
        repeat: until
        repeat-until: _.is_end
        doc: The changed elements in increasing index order, then the closing entry.
  element_vi:
    doc: One changed element (or the closing entry) of an element table.
    doc-ref: README.md section 3.2
    params:
      - id: prev_index
        type: s4
        doc: Element index of the previous entry; -1 for the first.
      - id: num_elements
        type: s4
        doc: Number of elements of the array field.
    seq:
      - id: jump
        type: diep_types::jump(prev_index, num_elements)
        doc: "`(element index - previous element index) XOR 1`; `01` closes the table."
      - id: value
        type: diep_types::vi
        if: not jump.is_end
        doc: The element's new value.
    instances:
      is_end:
        value: jump.is_end
        doc: This entry closes the element table.
      index:
        value: jump.index
        doc: Index of the changed element in the array field.
  element_table_string_nt:
    doc: |
      The changed elements of an array field of null-terminated UTF-8: a nested jump
      table over element indexes, each followed by the element, closed by `01`.
    doc-ref: README.md section 3.2
    params:
      - id: num_elements
        type: s4
        doc: Number of elements of the array field.
    seq:
      - id: elements
        # Each entry gets the element index of the entry before it (-1 for the first).
        type: 'element_string_nt(_index == 0 ? -1 : elements[_index - 1].index, num_elements)'
        repeat: until
        repeat-until: _.is_end
        doc: The changed elements in increasing index order, then the closing entry.
  element_string_nt:
    doc: One changed element (or the closing entry) of an element table.
    doc-ref: README.md section 3.2
    params:
      - id: prev_index
        type: s4
        doc: Element index of the previous entry; -1 for the first.
      - id: num_elements
        type: s4
        doc: Number of elements of the array field.
    seq:
      - id: jump
        type: diep_types::jump(prev_index, num_elements)
        doc: "`(element index - previous element index) XOR 1`; `01` closes the table."
      - id: value
        type: diep_types::string_nt
        if: not jump.is_end
        doc: The element's new value.
    instances:
      is_end:
        value: jump.is_end
        doc: This entry closes the element table.
      index:
        value: jump.index
        doc: Index of the changed element in the array field.
  outdated_client:
    doc: 0x01, sent on a wrong build in the init packet; the client reloads.
    doc-ref: clientbound.md "0x01 Outdated Client Packet"
    seq:
      - id: build
        -orig-id: new build
        type: diep_types::string_nt
        doc: The server's current build; the client reloads the page to get it.
  compressed:
    doc: |
      0x02: u32 length of the inner packet (its header byte included), then one raw LZ4
      block (no frame, no size prefix). The runtime decompresses it, checks the length,
      and parses the result as a packet of its own with this spec.
    doc-ref:
      - clientbound.md "0x02 Compressed Packet"
      - README.md section 5
    seq:
      - id: len_decompressed
        -orig-id: decompressed output length
        type: u4
        doc: |
          Length of the decompressed packet, header byte included; the runtime checks the
          decompressed size against it.

          When writing, set to the byte length of the inner packet before compression.
      - id: lz4_block
        size-eos: true
        doc: |
          One raw LZ4 block (no frame header, no size prefix); it decompresses to a whole
          packet that is not encoded by the transport.

          When writing, the LZ4 block of the inner packet, made by the writer
          (`wirestruct.diep.encoder.compressed_fields`).
  notification:
    doc: 0x03, an in-game notification.
    doc-ref: clientbound.md "0x03 Notification Packet"
    seq:
      - id: message
        type: diep_types::string_nt
        doc: The text shown, e.g. "You've killed Example".
      - id: rgb
        type: diep_types::u32
        doc: Colour 0xRRGGBB; the top byte is unused.
      - id: duration
        type: diep_types::f32
        doc: How long the notification shows, in milliseconds.
      - id: identifier
        type: diep_types::string_nt
        doc: A new notification replaces a shown one with the same non-empty identifier.
    instances:
      # 0xRRGGBB: red is the third byte from the bottom, blue the lowest.
      red:
        value: rgb.value / 0x10000 % 0x100
        doc: Red component, 0-255.
      green:
        value: rgb.value / 0x100 % 0x100
        doc: Green component, 0-255.
      blue:
        value: rgb.value % 0x100
        doc: Blue component, 0-255.
  server_info:
    doc: |
      0x04. The document has three strings (gamemode, server uuid, host-region); the
      bundled build sends two (gamemode, host). Both shapes are accepted: the third string
      is read only when bytes are left.
    doc-ref:
      - clientbound.md "0x04 Server Info Packet"
      - README.md section 6 item 1
    seq:
      - id: gamemode
        type: diep_types::string_nt
        doc: The selected game mode, e.g. "sandbox".
      - id: server_uuid_or_host
        type: diep_types::string_nt
        doc: The server uuid in the three-string form, the host in the two-string form.
      - id: host_region
        type: diep_types::string_nt
        if: not _io.eof
        doc: Only in the three-string form; shown next to the ping (e.g. "vultr-amsterdam").
  party_code:
    doc: 0x06, the party code of the arena and team (only in team modes and sandbox).
    doc-ref: clientbound.md "0x06 Party Code Packet"
    seq:
      - id: code
        -orig-id: party code
        size-eos: true
        doc: |
          The party code, not nibble-swapped. A party link is the server id as stringNT
          followed by these bytes, every byte nibble-swapped, in hex.
  accept:
    doc: |
      0x07, the client is accepted. The document has the header alone; the bundled build
      appends `vi(access level)`. Both shapes are accepted.
    doc-ref:
      - clientbound.md "0x07 Accept Packet"
      - README.md section 6 item 2
    seq:
      - id: access_level
        type: diep_types::vi
        if: not _io.eof
        doc: Only in the bundled build's form; 2 by default (`07 04`).
  achievement:
    doc: 0x08, achievement hashes to mark as obtained.
    doc-ref: clientbound.md "0x08 Achievement Packet"
    seq:
      - id: num_hashes
        -orig-id: hash count
        type: diep_types::vu
        doc: Number of achievement hashes that follow.
      - id: hashes
        -orig-id: achievement hash
        type: diep_types::string_nt
        repeat: expr
        repeat-expr: num_hashes.value
        doc: Achievement hashes (e.g. "9898db9ff6d3c1b3_1") the client stores as obtained.
  player_count:
    doc: 0x0A, the number of clients connected (over all games, in the bundled build).
    doc-ref: clientbound.md "0x0A Player Count Packet"
    seq:
      - id: num_clients
        -orig-id: client count
        type: diep_types::vu
        doc: |
          Clients connected; the document calls the packet unused, the bundled build sends
          it on accept and whenever a client joins or leaves.
  pow_challenge:
    doc: 0x0B, a proof-of-work challenge; answered by serverbound 0x0A.
    doc-ref: clientbound.md "0x0B PoW Challenge Packet"
    seq:
      - id: difficulty
        type: diep_types::vu
        doc: How hard the proof of work is (e.g. 20).
      - id: prefix
        type: diep_types::string_nt
        doc: Always 16 characters.
  unnamed:
    doc: 0x0C, never observed; one varuint of unknown meaning.
    doc-ref: clientbound.md "0x0C Unnamed Packet"
    seq:
      - id: unknown
        type: diep_types::vu
        doc: Unknown; older builds used 0x0C as a JavaScript challenge with a string answer.
  int_js_challenge:
    doc: 0x0D, obfuscated JavaScript whose uint32 result goes back in serverbound 0x0B.
    doc-ref: clientbound.md "0x0D Int JS Challenge Packet"
    seq:
      - id: id
        type: diep_types::vu
        doc: The evaluation id, sent back with the result.
      - id: code
        type: diep_types::string_nt
        doc: Obfuscated JavaScript (one of about 200 per build) that returns a uint32.
enums:
  clientbound_packet_id:
    0x00:
      id: update
      doc: Creates, updates and deletes entities; once a tick.
    0x01:
      id: outdated_client
      doc: Answer to a wrong build in the init packet.
    0x02:
      id: compressed
      doc: Another packet in one LZ4 block.
    0x03:
      id: notification
      doc: An in-game notification.
    0x04:
      id: server_info
      doc: Game mode, server and region.
    0x05:
      id: heartbeat
      doc: Pong to a serverbound 0x05. Header only.
    0x06:
      id: party_code
      doc: The party code, when the mode has parties.
    0x07:
      id: accept
      doc: The client is accepted.
    0x08:
      id: achievement
      doc: Achievements to mark as obtained.
    0x09:
      id: invalid_party
      doc: The party in the init packet is invalid; sent instead of 0x07. Header only.
    0x0a:
      id: player_count
      doc: Number of clients connected.
    0x0b:
      id: pow_challenge
      doc: Proof-of-work challenge.
    0x0c:
      id: unnamed
      doc: Never observed.
    0x0d:
      id: int_js_challenge
      doc: JavaScript challenge with an integer result.
  upcreate_kind:
    0x00:
      id: update
      doc: Only changed fields; always followed by `01`.
    0x01:
      id: creation
      doc: The entity with all its fields.
  field_group:
    0:
      id: relations
      -orig-id: "Relations"
      doc: "RELATIONSHIPS in entities.md."
    1:
      id: cpu_controllable
      -orig-id: "CPUControllable"
      doc: "Unnamed in entities.md (deleted from the game's code). Not sent by this build."
    2:
      id: barrel
      -orig-id: "Barrel"
      doc: "BARREL in entities.md."
    3:
      id: physics
      -orig-id: "Physics"
      doc: "PHYSICS in entities.md."
    4:
      id: health
      -orig-id: "Health"
      doc: "HEALTH in entities.md."
    5:
      id: dominator
      -orig-id: "Dominator"
      doc: "Unnamed in entities.md (deleted from the game's code). Not sent by this build."
    6:
      id: example
      -orig-id: "Example"
      doc: "UNUSED in entities.md. Not sent by this build."
    7:
      id: arena
      -orig-id: "Arena"
      doc: "ARENA in entities.md."
    8:
      id: name
      -orig-id: "Name"
      doc: "NAME in entities.md."
    9:
      id: camera
      -orig-id: "Camera"
      doc: "GUI in entities.md."
    10:
      id: position
      -orig-id: "Position"
      doc: "POS in entities.md."
    11:
      id: style
      -orig-id: "Style"
      doc: "STYLE in entities.md."
    12:
      id: tagged
      -orig-id: "Tagged"
      doc: "Unnamed in entities.md (deleted from the game's code). Not sent by this build."
    13:
      id: score
      -orig-id: "Score"
      doc: "SCORE in entities.md."
    14:
      id: team
      -orig-id: "Team"
      doc: "TEAM in entities.md."
  update_slot:
    0:
      id: position_y
      -orig-id: "Position.y"
    1:
      id: position_x
      -orig-id: "Position.x"
    2:
      id: position_angle
      -orig-id: "Position.angle"
    3:
      id: physics_size
      -orig-id: "Physics.size"
    4:
      id: camera_player
      -orig-id: "Camera.player"
    5:
      id: arena_flags
      -orig-id: "Arena.flags"
    6:
      id: style_color
      -orig-id: "Style.color"
    7:
      id: arena_scoreboard_colors
      -orig-id: "Arena.scoreboardColors"
    8:
      id: camera_killed_by
      -orig-id: "Camera.killedBy"
    9:
      id: arena_players_needed
      -orig-id: "Arena.playersNeeded"
    10:
      id: physics_sides
      -orig-id: "Physics.sides"
    11:
      id: team_flags
      -orig-id: "Team.flags"
    12:
      id: health_flags
      -orig-id: "Health.flags"
    13:
      id: arena_scoreboard_tanks
      -orig-id: "Arena.scoreboardTanks"
    14:
      id: camera_respawn_level
      -orig-id: "Camera.respawnLevel"
    15:
      id: camera_levelbar_progress
      -orig-id: "Camera.levelbarProgress"
    16:
      id: camera_spawn_tick
      -orig-id: "Camera.spawnTick"
    17:
      id: physics_absorbtion_factor
      -orig-id: "Physics.absorbtionFactor"
    18:
      id: arena_leader_x
      -orig-id: "Arena.leaderX"
    19:
      id: health_max_health
      -orig-id: "Health.maxHealth"
    20:
      id: style_flags
      -orig-id: "Style.flags"
    21:
      id: example_example_test
      -orig-id: "Example.exampleTest"
      doc: |
        A slot of the field order whose group (Example, id 6) is not compiled in, so it
        is never sent. Creations skip it; update indexes count it.
    22:
      id: barrel_trapezoid_direction
      -orig-id: "Barrel.trapezoidDirection"
    23:
      id: position_flags
      -orig-id: "Position.flags"
    24:
      id: arena_scoreboard_names
      -orig-id: "Arena.scoreboardNames"
    25:
      id: camera_score
      -orig-id: "Camera.score"
    26:
      id: team_mothership_y
      -orig-id: "Team.mothershipY"
    27:
      id: arena_scoreboard_suffixes
      -orig-id: "Arena.scoreboardSuffixes"
    28:
      id: name_flags
      -orig-id: "Name.flags"
    29:
      id: camera_movement_speed
      -orig-id: "Camera.movementSpeed"
    30:
      id: arena_leader_y
      -orig-id: "Arena.leaderY"
    31:
      id: arena_bottom_y
      -orig-id: "Arena.bottomY"
    32:
      id: relations_team
      -orig-id: "Relations.team"
    33:
      id: camera_level
      -orig-id: "Camera.level"
    34:
      id: team_team_color
      -orig-id: "Team.teamColor"
    35:
      id: camera_fov
      -orig-id: "Camera.FOV"
    36:
      id: camera_stat_limits
      -orig-id: "Camera.statLimits"
    37:
      id: arena_left_x
      -orig-id: "Arena.leftX"
    38:
      id: arena_scoreboard_scores
      -orig-id: "Arena.scoreboardScores"
    39:
      id: camera_stat_levels
      -orig-id: "Camera.statLevels"
    40:
      id: camera_tank_override
      -orig-id: "Camera.tankOverride"
    41:
      id: camera_tank
      -orig-id: "Camera.tank"
    42:
      id: style_border_width
      -orig-id: "Style.borderWidth"
    43:
      id: camera_death_tick
      -orig-id: "Camera.deathTick"
    44:
      id: physics_width
      -orig-id: "Physics.width"
    45:
      id: camera_stats_available
      -orig-id: "Camera.statsAvailable"
    46:
      id: barrel_flags
      -orig-id: "Barrel.flags"
    47:
      id: camera_levelbar_max
      -orig-id: "Camera.levelbarMax"
    48:
      id: name_name
      -orig-id: "Name.name"
    49:
      id: relations_owner
      -orig-id: "Relations.owner"
    50:
      id: health_health
      -orig-id: "Health.health"
    51:
      id: camera_camera_y
      -orig-id: "Camera.cameraY"
    52:
      id: style_opacity
      -orig-id: "Style.opacity"
    53:
      id: barrel_reload_time
      -orig-id: "Barrel.reloadTime"
    54:
      id: camera_stat_names
      -orig-id: "Camera.statNames"
    55:
      id: camera_camera_x
      -orig-id: "Camera.cameraX"
    56:
      id: team_mothership_x
      -orig-id: "Team.mothershipX"
    57:
      id: camera_unused_client_id
      -orig-id: "Camera.unusedClientId"
    58:
      id: relations_parent
      -orig-id: "Relations.parent"
    59:
      id: style_z_index
      -orig-id: "Style.zIndex"
    60:
      id: camera_flags
      -orig-id: "Camera.flags"
    61:
      id: arena_right_x
      -orig-id: "Arena.rightX"
    62:
      id: physics_push_factor
      -orig-id: "Physics.pushFactor"
    63:
      id: physics_flags
      -orig-id: "Physics.flags"
    64:
      id: arena_scoreboard_amount
      -orig-id: "Arena.scoreboardAmount"
    65:
      id: arena_ticks_until_start
      -orig-id: "Arena.ticksUntilStart"
    66:
      id: arena_top_y
      -orig-id: "Arena.topY"
    67:
      id: score_score
      -orig-id: "Score.score"
  net_color:
    0:
      id: border
      -orig-id: Border
    1:
      id: cannon
      -orig-id: Cannon
    2:
      id: tank
      -orig-id: Tank
      doc: Sent only for the viewer's own team; other players' tanks arrive as 15.
    3:
      id: team_blue
      -orig-id: TeamBlue
    4:
      id: team_red
      -orig-id: TeamRed
    5:
      id: team_purple
      -orig-id: TeamPurple
    6:
      id: team_green
      -orig-id: TeamGreen
    7:
      id: shiny
      -orig-id: Shiny
    8:
      id: enemy_square
      -orig-id: EnemySquare
    9:
      id: enemy_triangle
      -orig-id: EnemyTriangle
    10:
      id: enemy_pentagon
      -orig-id: EnemyPentagon
    11:
      id: enemy_crasher
      -orig-id: EnemyCrasher
    12:
      id: neutral
      -orig-id: Neutral
    13:
      id: scoreboard_bar
      -orig-id: ScoreboardBar
    14:
      id: box
      -orig-id: Box
    15:
      id: enemy_tank
      -orig-id: EnemyTank
    16:
      id: necromancer_square
      -orig-id: NecromancerSquare
    17:
      id: fallen
      -orig-id: Fallen
