# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import diep_types
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class DiepClientboundDiepcustom011c2e9(KaitaiStruct):
    """One clientbound (server to client) diep.io packet, as it is once the transport's
    encryption layer is removed: a header byte (the packet id), then the body. The 0x00
    update packet is laid out by the field table of build "diepcustom-011c2e9"
    (DiepCustom, commit 011c2e9); this spec is rendered from that table, one spec per build.
    
    0x02 wraps another packet in one raw LZ4 block; the block is kept as bytes here and
    the decompressed packet, which starts with its own header byte, is parsed with this
    same spec.
    
    .. seealso::
       clientbound.md
    
    
    .. seealso::
       0x00-update-packet.txt
    
    
    .. seealso::
       README.md (build diepcustom-011c2e9) sections 3.1-3.5; fields.json
    """

    class ClientboundPacketId(IntEnum):
        update = 0
        outdated_client = 1
        compressed = 2
        notification = 3
        server_info = 4
        heartbeat = 5
        party_code = 6
        accept = 7
        achievement = 8
        invalid_party = 9
        player_count = 10
        pow_challenge = 11
        unnamed = 12
        int_js_challenge = 13

    class FieldGroup(IntEnum):
        relations = 0
        cpu_controllable = 1
        barrel = 2
        physics = 3
        health = 4
        dominator = 5
        example = 6
        arena = 7
        name = 8
        camera = 9
        position = 10
        style = 11
        tagged = 12
        score = 13
        team = 14

    class NetColor(IntEnum):
        border = 0
        cannon = 1
        tank = 2
        team_blue = 3
        team_red = 4
        team_purple = 5
        team_green = 6
        shiny = 7
        enemy_square = 8
        enemy_triangle = 9
        enemy_pentagon = 10
        enemy_crasher = 11
        neutral = 12
        scoreboard_bar = 13
        box = 14
        enemy_tank = 15
        necromancer_square = 16
        fallen = 17

    class UpcreateKind(IntEnum):
        update = 0
        creation = 1

    class UpdateSlot(IntEnum):
        position_y = 0
        position_x = 1
        position_angle = 2
        physics_size = 3
        camera_player = 4
        arena_flags = 5
        style_color = 6
        arena_scoreboard_colors = 7
        camera_killed_by = 8
        arena_players_needed = 9
        physics_sides = 10
        team_flags = 11
        health_flags = 12
        arena_scoreboard_tanks = 13
        camera_respawn_level = 14
        camera_levelbar_progress = 15
        camera_spawn_tick = 16
        physics_absorbtion_factor = 17
        arena_leader_x = 18
        health_max_health = 19
        style_flags = 20
        example_example_test = 21
        barrel_trapezoid_direction = 22
        position_flags = 23
        arena_scoreboard_names = 24
        camera_score = 25
        team_mothership_y = 26
        arena_scoreboard_suffixes = 27
        name_flags = 28
        camera_movement_speed = 29
        arena_leader_y = 30
        arena_bottom_y = 31
        relations_team = 32
        camera_level = 33
        team_team_color = 34
        camera_fov = 35
        camera_stat_limits = 36
        arena_left_x = 37
        arena_scoreboard_scores = 38
        camera_stat_levels = 39
        camera_tank_override = 40
        camera_tank = 41
        style_border_width = 42
        camera_death_tick = 43
        physics_width = 44
        camera_stats_available = 45
        barrel_flags = 46
        camera_levelbar_max = 47
        name_name = 48
        relations_owner = 49
        health_health = 50
        camera_camera_y = 51
        style_opacity = 52
        barrel_reload_time = 53
        camera_stat_names = 54
        camera_camera_x = 55
        team_mothership_x = 56
        camera_unused_client_id = 57
        relations_parent = 58
        style_z_index = 59
        camera_flags = 60
        arena_right_x = 61
        physics_push_factor = 62
        physics_flags = 63
        arena_scoreboard_amount = 64
        arena_ticks_until_start = 65
        arena_top_y = 66
        score_score = 67
    def __init__(self, _io, _parent=None, _root=None):
        super(DiepClientboundDiepcustom011c2e9, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.packet_id = KaitaiStream.resolve_enum(DiepClientboundDiepcustom011c2e9.ClientboundPacketId, self._io.read_u1())
        if not isinstance(self.packet_id, DiepClientboundDiepcustom011c2e9.ClientboundPacketId):
            raise kaitaistruct.ValidationNotInEnumError(self.packet_id, self._io, u"/seq/0")
        _on = self.packet_id
        if _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.accept:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.Accept(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.achievement:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.Achievement(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.compressed:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.Compressed(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.int_js_challenge:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.IntJsChallenge(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.notification:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.Notification(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.outdated_client:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.OutdatedClient(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.party_code:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.PartyCode(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.player_count:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.PlayerCount(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.pow_challenge:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.PowChallenge(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.server_info:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.ServerInfo(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.unnamed:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.Unnamed(self._io, self, self._root)
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.update:
            pass
            self.body = DiepClientboundDiepcustom011c2e9.UpdatePacket(self._io, self, self._root)


    def _fetch_instances(self):
        pass
        _on = self.packet_id
        if _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.accept:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.achievement:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.compressed:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.int_js_challenge:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.notification:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.outdated_client:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.party_code:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.player_count:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.pow_challenge:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.server_info:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.unnamed:
            pass
            self.body._fetch_instances()
        elif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.update:
            pass
            self.body._fetch_instances()

    class Accept(KaitaiStruct):
        """0x07, the client is accepted. The document has the header alone; the bundled build
        appends `vi(access level)`. Both shapes are accepted.
        
        .. seealso::
           clientbound.md "0x07 Accept Packet"
        
        
        .. seealso::
           README.md section 6 item 2
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.Accept, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            if (not (self._io.is_eof())):
                pass
                self.access_level = diep_types.DiepTypes.Vi(self._io)



        def _fetch_instances(self):
            pass
            if (not (self._io.is_eof())):
                pass
                self.access_level._fetch_instances()



    class Achievement(KaitaiStruct):
        """0x08, achievement hashes to mark as obtained.
        
        .. seealso::
           clientbound.md "0x08 Achievement Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.Achievement, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_hashes = diep_types.DiepTypes.Vu(self._io)
            self.hashes = []
            for i in range(self.num_hashes.value):
                self.hashes.append(diep_types.DiepTypes.StringNt(self._io))



        def _fetch_instances(self):
            pass
            self.num_hashes._fetch_instances()
            for i in range(len(self.hashes)):
                pass
                self.hashes[i]._fetch_instances()



    class Compressed(KaitaiStruct):
        """0x02: u32 length of the inner packet (its header byte included), then one raw LZ4
        block (no frame, no size prefix). The runtime decompresses it, checks the length,
        and parses the result as a packet of its own with this spec.
        
        .. seealso::
           clientbound.md "0x02 Compressed Packet"
        
        
        .. seealso::
           README.md section 5
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.Compressed, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_decompressed = self._io.read_u4le()
            self.lz4_block = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class Creation(KaitaiStruct):
        """The entity's field groups as an index-only jump table, then every field of every
        present group in creation order (no tags); array fields write all their elements.
        
        .. seealso::
           README.md section 3.1
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.Creation, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.groups = diep_types.DiepTypes.IndexTable(15, self._io)
            if self.has_position:
                pass
                self.position_y = diep_types.DiepTypes.Vi(self._io)

            if self.has_position:
                pass
                self.position_x = diep_types.DiepTypes.Vi(self._io)

            if self.has_position:
                pass
                self.position_angle = diep_types.DiepTypes.FixedPoint(64, self._io)

            if self.has_physics:
                pass
                self.physics_size = diep_types.DiepTypes.F32(self._io)

            if self.has_camera:
                pass
                self.camera_player = diep_types.DiepTypes.Entid(self._io)

            if self.has_arena:
                pass
                self.arena_flags = diep_types.DiepTypes.Vu(self._io)

            if self.has_style:
                pass
                self.style_color = diep_types.DiepTypes.Vu(self._io)

            if self.has_arena:
                pass
                self.arena_scoreboard_colors = []
                for i in range(10):
                    self.arena_scoreboard_colors.append(diep_types.DiepTypes.Vu(self._io))


            if self.has_camera:
                pass
                self.camera_killed_by = diep_types.DiepTypes.StringNt(self._io)

            if self.has_arena:
                pass
                self.arena_players_needed = diep_types.DiepTypes.Vi(self._io)

            if self.has_physics:
                pass
                self.physics_sides = diep_types.DiepTypes.Vu(self._io)

            if self.has_team:
                pass
                self.team_flags = diep_types.DiepTypes.Vu(self._io)

            if self.has_health:
                pass
                self.health_flags = diep_types.DiepTypes.Vu(self._io)

            if self.has_arena:
                pass
                self.arena_scoreboard_tanks = []
                for i in range(10):
                    self.arena_scoreboard_tanks.append(diep_types.DiepTypes.Vi(self._io))


            if self.has_camera:
                pass
                self.camera_respawn_level = diep_types.DiepTypes.Vi(self._io)

            if self.has_camera:
                pass
                self.camera_levelbar_progress = diep_types.DiepTypes.F32(self._io)

            if self.has_camera:
                pass
                self.camera_spawn_tick = diep_types.DiepTypes.Vi(self._io)

            if self.has_physics:
                pass
                self.physics_absorbtion_factor = diep_types.DiepTypes.F32(self._io)

            if self.has_arena:
                pass
                self.arena_leader_x = diep_types.DiepTypes.F32(self._io)

            if self.has_health:
                pass
                self.health_max_health = diep_types.DiepTypes.F32(self._io)

            if self.has_style:
                pass
                self.style_flags = diep_types.DiepTypes.Vu(self._io)

            if self.has_barrel:
                pass
                self.barrel_trapezoid_direction = diep_types.DiepTypes.F32(self._io)

            if self.has_position:
                pass
                self.position_flags = diep_types.DiepTypes.Vu(self._io)

            if self.has_arena:
                pass
                self.arena_scoreboard_names = []
                for i in range(10):
                    self.arena_scoreboard_names.append(diep_types.DiepTypes.StringNt(self._io))


            if self.has_camera:
                pass
                self.camera_score = diep_types.DiepTypes.F32(self._io)

            if self.has_team:
                pass
                self.team_mothership_y = diep_types.DiepTypes.F32(self._io)

            if self.has_arena:
                pass
                self.arena_scoreboard_suffixes = []
                for i in range(10):
                    self.arena_scoreboard_suffixes.append(diep_types.DiepTypes.StringNt(self._io))


            if self.has_name:
                pass
                self.name_flags = diep_types.DiepTypes.Vu(self._io)

            if self.has_camera:
                pass
                self.camera_movement_speed = diep_types.DiepTypes.F32(self._io)

            if self.has_arena:
                pass
                self.arena_leader_y = diep_types.DiepTypes.F32(self._io)

            if self.has_arena:
                pass
                self.arena_bottom_y = diep_types.DiepTypes.F32(self._io)

            if self.has_relations:
                pass
                self.relations_team = diep_types.DiepTypes.Entid(self._io)

            if self.has_camera:
                pass
                self.camera_level = diep_types.DiepTypes.Vi(self._io)

            if self.has_team:
                pass
                self.team_team_color = diep_types.DiepTypes.Vu(self._io)

            if self.has_camera:
                pass
                self.camera_fov = diep_types.DiepTypes.F32(self._io)

            if self.has_camera:
                pass
                self.camera_stat_limits = []
                for i in range(8):
                    self.camera_stat_limits.append(diep_types.DiepTypes.Vi(self._io))


            if self.has_arena:
                pass
                self.arena_left_x = diep_types.DiepTypes.F32(self._io)

            if self.has_arena:
                pass
                self.arena_scoreboard_scores = []
                for i in range(10):
                    self.arena_scoreboard_scores.append(diep_types.DiepTypes.F32(self._io))


            if self.has_camera:
                pass
                self.camera_stat_levels = []
                for i in range(8):
                    self.camera_stat_levels.append(diep_types.DiepTypes.Vi(self._io))


            if self.has_camera:
                pass
                self.camera_tank_override = diep_types.DiepTypes.StringNt(self._io)

            if self.has_camera:
                pass
                self.camera_tank = diep_types.DiepTypes.Vi(self._io)

            if self.has_style:
                pass
                self.style_border_width = diep_types.DiepTypes.FixedPoint(64, self._io)

            if self.has_camera:
                pass
                self.camera_death_tick = diep_types.DiepTypes.Vi(self._io)

            if self.has_physics:
                pass
                self.physics_width = diep_types.DiepTypes.F32(self._io)

            if self.has_camera:
                pass
                self.camera_stats_available = diep_types.DiepTypes.Vi(self._io)

            if self.has_barrel:
                pass
                self.barrel_flags = diep_types.DiepTypes.Vu(self._io)

            if self.has_camera:
                pass
                self.camera_levelbar_max = diep_types.DiepTypes.F32(self._io)

            if self.has_name:
                pass
                self.name_name = diep_types.DiepTypes.StringNt(self._io)

            if self.has_relations:
                pass
                self.relations_owner = diep_types.DiepTypes.Entid(self._io)

            if self.has_health:
                pass
                self.health_health = diep_types.DiepTypes.F32(self._io)

            if self.has_camera:
                pass
                self.camera_camera_y = diep_types.DiepTypes.F32(self._io)

            if self.has_style:
                pass
                self.style_opacity = diep_types.DiepTypes.F32(self._io)

            if self.has_barrel:
                pass
                self.barrel_reload_time = diep_types.DiepTypes.F32(self._io)

            if self.has_camera:
                pass
                self.camera_stat_names = []
                for i in range(8):
                    self.camera_stat_names.append(diep_types.DiepTypes.StringNt(self._io))


            if self.has_camera:
                pass
                self.camera_camera_x = diep_types.DiepTypes.F32(self._io)

            if self.has_team:
                pass
                self.team_mothership_x = diep_types.DiepTypes.F32(self._io)

            if self.has_camera:
                pass
                self.camera_unused_client_id = diep_types.DiepTypes.Vu(self._io)

            if self.has_relations:
                pass
                self.relations_parent = diep_types.DiepTypes.Entid(self._io)

            if self.has_style:
                pass
                self.style_z_index = diep_types.DiepTypes.Vu(self._io)

            if self.has_camera:
                pass
                self.camera_flags = diep_types.DiepTypes.Vu(self._io)

            if self.has_arena:
                pass
                self.arena_right_x = diep_types.DiepTypes.F32(self._io)

            if self.has_physics:
                pass
                self.physics_push_factor = diep_types.DiepTypes.F32(self._io)

            if self.has_physics:
                pass
                self.physics_flags = diep_types.DiepTypes.Vu(self._io)

            if self.has_arena:
                pass
                self.arena_scoreboard_amount = diep_types.DiepTypes.Vu(self._io)

            if self.has_arena:
                pass
                self.arena_ticks_until_start = diep_types.DiepTypes.F32(self._io)

            if self.has_arena:
                pass
                self.arena_top_y = diep_types.DiepTypes.F32(self._io)

            if self.has_score:
                pass
                self.score_score = diep_types.DiepTypes.F32(self._io)



        def _fetch_instances(self):
            pass
            self.groups._fetch_instances()
            if self.has_position:
                pass
                self.position_y._fetch_instances()

            if self.has_position:
                pass
                self.position_x._fetch_instances()

            if self.has_position:
                pass
                self.position_angle._fetch_instances()

            if self.has_physics:
                pass
                self.physics_size._fetch_instances()

            if self.has_camera:
                pass
                self.camera_player._fetch_instances()

            if self.has_arena:
                pass
                self.arena_flags._fetch_instances()

            if self.has_style:
                pass
                self.style_color._fetch_instances()

            if self.has_arena:
                pass
                for i in range(len(self.arena_scoreboard_colors)):
                    pass
                    self.arena_scoreboard_colors[i]._fetch_instances()


            if self.has_camera:
                pass
                self.camera_killed_by._fetch_instances()

            if self.has_arena:
                pass
                self.arena_players_needed._fetch_instances()

            if self.has_physics:
                pass
                self.physics_sides._fetch_instances()

            if self.has_team:
                pass
                self.team_flags._fetch_instances()

            if self.has_health:
                pass
                self.health_flags._fetch_instances()

            if self.has_arena:
                pass
                for i in range(len(self.arena_scoreboard_tanks)):
                    pass
                    self.arena_scoreboard_tanks[i]._fetch_instances()


            if self.has_camera:
                pass
                self.camera_respawn_level._fetch_instances()

            if self.has_camera:
                pass
                self.camera_levelbar_progress._fetch_instances()

            if self.has_camera:
                pass
                self.camera_spawn_tick._fetch_instances()

            if self.has_physics:
                pass
                self.physics_absorbtion_factor._fetch_instances()

            if self.has_arena:
                pass
                self.arena_leader_x._fetch_instances()

            if self.has_health:
                pass
                self.health_max_health._fetch_instances()

            if self.has_style:
                pass
                self.style_flags._fetch_instances()

            if self.has_barrel:
                pass
                self.barrel_trapezoid_direction._fetch_instances()

            if self.has_position:
                pass
                self.position_flags._fetch_instances()

            if self.has_arena:
                pass
                for i in range(len(self.arena_scoreboard_names)):
                    pass
                    self.arena_scoreboard_names[i]._fetch_instances()


            if self.has_camera:
                pass
                self.camera_score._fetch_instances()

            if self.has_team:
                pass
                self.team_mothership_y._fetch_instances()

            if self.has_arena:
                pass
                for i in range(len(self.arena_scoreboard_suffixes)):
                    pass
                    self.arena_scoreboard_suffixes[i]._fetch_instances()


            if self.has_name:
                pass
                self.name_flags._fetch_instances()

            if self.has_camera:
                pass
                self.camera_movement_speed._fetch_instances()

            if self.has_arena:
                pass
                self.arena_leader_y._fetch_instances()

            if self.has_arena:
                pass
                self.arena_bottom_y._fetch_instances()

            if self.has_relations:
                pass
                self.relations_team._fetch_instances()

            if self.has_camera:
                pass
                self.camera_level._fetch_instances()

            if self.has_team:
                pass
                self.team_team_color._fetch_instances()

            if self.has_camera:
                pass
                self.camera_fov._fetch_instances()

            if self.has_camera:
                pass
                for i in range(len(self.camera_stat_limits)):
                    pass
                    self.camera_stat_limits[i]._fetch_instances()


            if self.has_arena:
                pass
                self.arena_left_x._fetch_instances()

            if self.has_arena:
                pass
                for i in range(len(self.arena_scoreboard_scores)):
                    pass
                    self.arena_scoreboard_scores[i]._fetch_instances()


            if self.has_camera:
                pass
                for i in range(len(self.camera_stat_levels)):
                    pass
                    self.camera_stat_levels[i]._fetch_instances()


            if self.has_camera:
                pass
                self.camera_tank_override._fetch_instances()

            if self.has_camera:
                pass
                self.camera_tank._fetch_instances()

            if self.has_style:
                pass
                self.style_border_width._fetch_instances()

            if self.has_camera:
                pass
                self.camera_death_tick._fetch_instances()

            if self.has_physics:
                pass
                self.physics_width._fetch_instances()

            if self.has_camera:
                pass
                self.camera_stats_available._fetch_instances()

            if self.has_barrel:
                pass
                self.barrel_flags._fetch_instances()

            if self.has_camera:
                pass
                self.camera_levelbar_max._fetch_instances()

            if self.has_name:
                pass
                self.name_name._fetch_instances()

            if self.has_relations:
                pass
                self.relations_owner._fetch_instances()

            if self.has_health:
                pass
                self.health_health._fetch_instances()

            if self.has_camera:
                pass
                self.camera_camera_y._fetch_instances()

            if self.has_style:
                pass
                self.style_opacity._fetch_instances()

            if self.has_barrel:
                pass
                self.barrel_reload_time._fetch_instances()

            if self.has_camera:
                pass
                for i in range(len(self.camera_stat_names)):
                    pass
                    self.camera_stat_names[i]._fetch_instances()


            if self.has_camera:
                pass
                self.camera_camera_x._fetch_instances()

            if self.has_team:
                pass
                self.team_mothership_x._fetch_instances()

            if self.has_camera:
                pass
                self.camera_unused_client_id._fetch_instances()

            if self.has_relations:
                pass
                self.relations_parent._fetch_instances()

            if self.has_style:
                pass
                self.style_z_index._fetch_instances()

            if self.has_camera:
                pass
                self.camera_flags._fetch_instances()

            if self.has_arena:
                pass
                self.arena_right_x._fetch_instances()

            if self.has_physics:
                pass
                self.physics_push_factor._fetch_instances()

            if self.has_physics:
                pass
                self.physics_flags._fetch_instances()

            if self.has_arena:
                pass
                self.arena_scoreboard_amount._fetch_instances()

            if self.has_arena:
                pass
                self.arena_ticks_until_start._fetch_instances()

            if self.has_arena:
                pass
                self.arena_top_y._fetch_instances()

            if self.has_score:
                pass
                self.score_score._fetch_instances()


        @property
        def has_arena(self):
            """The entity has field group 7 (Arena)."""
            if hasattr(self, '_m_has_arena'):
                return self._m_has_arena

            self._m_has_arena = (self.groups.mask // 128) % 2 == 1
            return getattr(self, '_m_has_arena', None)

        @property
        def has_barrel(self):
            """The entity has field group 2 (Barrel)."""
            if hasattr(self, '_m_has_barrel'):
                return self._m_has_barrel

            self._m_has_barrel = (self.groups.mask // 4) % 2 == 1
            return getattr(self, '_m_has_barrel', None)

        @property
        def has_camera(self):
            """The entity has field group 9 (Camera)."""
            if hasattr(self, '_m_has_camera'):
                return self._m_has_camera

            self._m_has_camera = (self.groups.mask // 512) % 2 == 1
            return getattr(self, '_m_has_camera', None)

        @property
        def has_cpu_controllable(self):
            """The entity has field group 1 (CPUControllable); this build never sends it."""
            if hasattr(self, '_m_has_cpu_controllable'):
                return self._m_has_cpu_controllable

            self._m_has_cpu_controllable = (self.groups.mask // 2) % 2 == 1
            return getattr(self, '_m_has_cpu_controllable', None)

        @property
        def has_dominator(self):
            """The entity has field group 5 (Dominator); this build never sends it."""
            if hasattr(self, '_m_has_dominator'):
                return self._m_has_dominator

            self._m_has_dominator = (self.groups.mask // 32) % 2 == 1
            return getattr(self, '_m_has_dominator', None)

        @property
        def has_example(self):
            """The entity has field group 6 (Example); this build never sends it."""
            if hasattr(self, '_m_has_example'):
                return self._m_has_example

            self._m_has_example = (self.groups.mask // 64) % 2 == 1
            return getattr(self, '_m_has_example', None)

        @property
        def has_health(self):
            """The entity has field group 4 (Health)."""
            if hasattr(self, '_m_has_health'):
                return self._m_has_health

            self._m_has_health = (self.groups.mask // 16) % 2 == 1
            return getattr(self, '_m_has_health', None)

        @property
        def has_name(self):
            """The entity has field group 8 (Name)."""
            if hasattr(self, '_m_has_name'):
                return self._m_has_name

            self._m_has_name = (self.groups.mask // 256) % 2 == 1
            return getattr(self, '_m_has_name', None)

        @property
        def has_physics(self):
            """The entity has field group 3 (Physics)."""
            if hasattr(self, '_m_has_physics'):
                return self._m_has_physics

            self._m_has_physics = (self.groups.mask // 8) % 2 == 1
            return getattr(self, '_m_has_physics', None)

        @property
        def has_position(self):
            """The entity has field group 10 (Position)."""
            if hasattr(self, '_m_has_position'):
                return self._m_has_position

            self._m_has_position = (self.groups.mask // 1024) % 2 == 1
            return getattr(self, '_m_has_position', None)

        @property
        def has_relations(self):
            """The entity has field group 0 (Relations)."""
            if hasattr(self, '_m_has_relations'):
                return self._m_has_relations

            self._m_has_relations = (self.groups.mask // 1) % 2 == 1
            return getattr(self, '_m_has_relations', None)

        @property
        def has_score(self):
            """The entity has field group 13 (Score)."""
            if hasattr(self, '_m_has_score'):
                return self._m_has_score

            self._m_has_score = (self.groups.mask // 8192) % 2 == 1
            return getattr(self, '_m_has_score', None)

        @property
        def has_style(self):
            """The entity has field group 11 (Style)."""
            if hasattr(self, '_m_has_style'):
                return self._m_has_style

            self._m_has_style = (self.groups.mask // 2048) % 2 == 1
            return getattr(self, '_m_has_style', None)

        @property
        def has_tagged(self):
            """The entity has field group 12 (Tagged); this build never sends it."""
            if hasattr(self, '_m_has_tagged'):
                return self._m_has_tagged

            self._m_has_tagged = (self.groups.mask // 4096) % 2 == 1
            return getattr(self, '_m_has_tagged', None)

        @property
        def has_team(self):
            """The entity has field group 14 (Team)."""
            if hasattr(self, '_m_has_team'):
                return self._m_has_team

            self._m_has_team = (self.groups.mask // 16384) % 2 == 1
            return getattr(self, '_m_has_team', None)

        @property
        def style_color_enum(self):
            """Style.color as a net_color."""
            if hasattr(self, '_m_style_color_enum'):
                return self._m_style_color_enum

            if self.has_style:
                pass
                self._m_style_color_enum = KaitaiStream.resolve_enum(DiepClientboundDiepcustom011c2e9.NetColor, self.style_color.value)

            return getattr(self, '_m_style_color_enum', None)

        @property
        def team_team_color_enum(self):
            """Team.teamColor as a net_color."""
            if hasattr(self, '_m_team_team_color_enum'):
                return self._m_team_team_color_enum

            if self.has_team:
                pass
                self._m_team_team_color_enum = KaitaiStream.resolve_enum(DiepClientboundDiepcustom011c2e9.NetColor, self.team_team_color.value)

            return getattr(self, '_m_team_team_color_enum', None)


    class ElementStringNt(KaitaiStruct):
        """One changed element (or the closing entry) of an element table.
        
        .. seealso::
           README.md section 3.2
        """
        def __init__(self, prev_index, num_elements, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.ElementStringNt, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.prev_index = prev_index
            self.num_elements = num_elements
            self._read()

        def _read(self):
            self.jump = diep_types.DiepTypes.Jump(self.prev_index, self.num_elements, self._io)
            if (not (self.jump.is_end)):
                pass
                self.value = diep_types.DiepTypes.StringNt(self._io)



        def _fetch_instances(self):
            pass
            self.jump._fetch_instances()
            if (not (self.jump.is_end)):
                pass
                self.value._fetch_instances()


        @property
        def index(self):
            """Index of the changed element in the array field."""
            if hasattr(self, '_m_index'):
                return self._m_index

            self._m_index = self.jump.index
            return getattr(self, '_m_index', None)

        @property
        def is_end(self):
            """This entry closes the element table."""
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.jump.is_end
            return getattr(self, '_m_is_end', None)


    class ElementTableStringNt(KaitaiStruct):
        """The changed elements of an array field of null-terminated UTF-8: a nested jump
        table over element indexes, each followed by the element, closed by `01`.
        
        .. seealso::
           README.md section 3.2
        """
        def __init__(self, num_elements, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.ElementTableStringNt, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.num_elements = num_elements
            self._read()

        def _read(self):
            self.elements = []
            i = 0
            while True:
                _ = DiepClientboundDiepcustom011c2e9.ElementStringNt((-1 if i == 0 else self.elements[i - 1].index), self.num_elements, self._io, self, self._root)
                self.elements.append(_)
                if _.is_end:
                    break
                i += 1


        def _fetch_instances(self):
            pass
            for i in range(len(self.elements)):
                pass
                self.elements[i]._fetch_instances()



    class ElementTableVi(KaitaiStruct):
        """The changed elements of an array field of varint32 (zigzag, then vu): a nested jump
        table over element indexes, each followed by the element, closed by `01`.
        
        .. seealso::
           README.md section 3.2
        """
        def __init__(self, num_elements, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.ElementTableVi, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.num_elements = num_elements
            self._read()

        def _read(self):
            self.elements = []
            i = 0
            while True:
                _ = DiepClientboundDiepcustom011c2e9.ElementVi((-1 if i == 0 else self.elements[i - 1].index), self.num_elements, self._io, self, self._root)
                self.elements.append(_)
                if _.is_end:
                    break
                i += 1


        def _fetch_instances(self):
            pass
            for i in range(len(self.elements)):
                pass
                self.elements[i]._fetch_instances()



    class ElementTableVu(KaitaiStruct):
        """The changed elements of an array field of varuint32 (unsigned LEB128): a nested jump
        table over element indexes, each followed by the element, closed by `01`.
        
        .. seealso::
           README.md section 3.2
        """
        def __init__(self, num_elements, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.ElementTableVu, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.num_elements = num_elements
            self._read()

        def _read(self):
            self.elements = []
            i = 0
            while True:
                _ = DiepClientboundDiepcustom011c2e9.ElementVu((-1 if i == 0 else self.elements[i - 1].index), self.num_elements, self._io, self, self._root)
                self.elements.append(_)
                if _.is_end:
                    break
                i += 1


        def _fetch_instances(self):
            pass
            for i in range(len(self.elements)):
                pass
                self.elements[i]._fetch_instances()



    class ElementVi(KaitaiStruct):
        """One changed element (or the closing entry) of an element table.
        
        .. seealso::
           README.md section 3.2
        """
        def __init__(self, prev_index, num_elements, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.ElementVi, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.prev_index = prev_index
            self.num_elements = num_elements
            self._read()

        def _read(self):
            self.jump = diep_types.DiepTypes.Jump(self.prev_index, self.num_elements, self._io)
            if (not (self.jump.is_end)):
                pass
                self.value = diep_types.DiepTypes.Vi(self._io)



        def _fetch_instances(self):
            pass
            self.jump._fetch_instances()
            if (not (self.jump.is_end)):
                pass
                self.value._fetch_instances()


        @property
        def index(self):
            """Index of the changed element in the array field."""
            if hasattr(self, '_m_index'):
                return self._m_index

            self._m_index = self.jump.index
            return getattr(self, '_m_index', None)

        @property
        def is_end(self):
            """This entry closes the element table."""
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.jump.is_end
            return getattr(self, '_m_is_end', None)


    class ElementVu(KaitaiStruct):
        """One changed element (or the closing entry) of an element table.
        
        .. seealso::
           README.md section 3.2
        """
        def __init__(self, prev_index, num_elements, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.ElementVu, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.prev_index = prev_index
            self.num_elements = num_elements
            self._read()

        def _read(self):
            self.jump = diep_types.DiepTypes.Jump(self.prev_index, self.num_elements, self._io)
            if (not (self.jump.is_end)):
                pass
                self.value = diep_types.DiepTypes.Vu(self._io)



        def _fetch_instances(self):
            pass
            self.jump._fetch_instances()
            if (not (self.jump.is_end)):
                pass
                self.value._fetch_instances()


        @property
        def index(self):
            """Index of the changed element in the array field."""
            if hasattr(self, '_m_index'):
                return self._m_index

            self._m_index = self.jump.index
            return getattr(self, '_m_index', None)

        @property
        def is_end(self):
            """This entry closes the element table."""
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.jump.is_end
            return getattr(self, '_m_is_end', None)


    class EntityUpdate(KaitaiStruct):
        """The changed fields as a jump table over the 68 update slots, each
        value in the field's update type, closed by `01`.
        
        .. seealso::
           README.md section 3.2
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.EntityUpdate, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.table_start = self._io.read_u1()
            if not self.table_start == 1:
                raise kaitaistruct.ValidationNotEqualError(1, self.table_start, self._io, u"/types/entity_update/seq/0")
            self.fields = []
            i = 0
            while True:
                _ = DiepClientboundDiepcustom011c2e9.UpdateField((-1 if i == 0 else self.fields[i - 1].index), self._io, self, self._root)
                self.fields.append(_)
                if _.xored_jump == 1:
                    break
                i += 1


        def _fetch_instances(self):
            pass
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class IntJsChallenge(KaitaiStruct):
        """0x0D, obfuscated JavaScript whose uint32 result goes back in serverbound 0x0B.
        
        .. seealso::
           clientbound.md "0x0D Int JS Challenge Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.IntJsChallenge, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.id = diep_types.DiepTypes.Vu(self._io)
            self.code = diep_types.DiepTypes.StringNt(self._io)


        def _fetch_instances(self):
            pass
            self.id._fetch_instances()
            self.code._fetch_instances()


    class Notification(KaitaiStruct):
        """0x03, an in-game notification.
        
        .. seealso::
           clientbound.md "0x03 Notification Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.Notification, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.message = diep_types.DiepTypes.StringNt(self._io)
            self.rgb = diep_types.DiepTypes.U32(self._io)
            self.duration = diep_types.DiepTypes.F32(self._io)
            self.identifier = diep_types.DiepTypes.StringNt(self._io)


        def _fetch_instances(self):
            pass
            self.message._fetch_instances()
            self.rgb._fetch_instances()
            self.duration._fetch_instances()
            self.identifier._fetch_instances()

        @property
        def blue(self):
            """Blue component, 0-255."""
            if hasattr(self, '_m_blue'):
                return self._m_blue

            self._m_blue = self.rgb.value % 256
            return getattr(self, '_m_blue', None)

        @property
        def green(self):
            """Green component, 0-255."""
            if hasattr(self, '_m_green'):
                return self._m_green

            self._m_green = (self.rgb.value // 256) % 256
            return getattr(self, '_m_green', None)

        @property
        def red(self):
            """Red component, 0-255."""
            if hasattr(self, '_m_red'):
                return self._m_red

            self._m_red = (self.rgb.value // 65536) % 256
            return getattr(self, '_m_red', None)


    class OutdatedClient(KaitaiStruct):
        """0x01, sent on a wrong build in the init packet; the client reloads.
        
        .. seealso::
           clientbound.md "0x01 Outdated Client Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.OutdatedClient, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.build = diep_types.DiepTypes.StringNt(self._io)


        def _fetch_instances(self):
            pass
            self.build._fetch_instances()


    class PartyCode(KaitaiStruct):
        """0x06, the party code of the arena and team (only in team modes and sandbox).
        
        .. seealso::
           clientbound.md "0x06 Party Code Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.PartyCode, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.code = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class PlayerCount(KaitaiStruct):
        """0x0A, the number of clients connected (over all games, in the bundled build).
        
        .. seealso::
           clientbound.md "0x0A Player Count Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.PlayerCount, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_clients = diep_types.DiepTypes.Vu(self._io)


        def _fetch_instances(self):
            pass
            self.num_clients._fetch_instances()


    class PowChallenge(KaitaiStruct):
        """0x0B, a proof-of-work challenge; answered by serverbound 0x0A.
        
        .. seealso::
           clientbound.md "0x0B PoW Challenge Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.PowChallenge, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.difficulty = diep_types.DiepTypes.Vu(self._io)
            self.prefix = diep_types.DiepTypes.StringNt(self._io)


        def _fetch_instances(self):
            pass
            self.difficulty._fetch_instances()
            self.prefix._fetch_instances()


    class ServerInfo(KaitaiStruct):
        """0x04. The document has three strings (gamemode, server uuid, host-region); the
        bundled build sends two (gamemode, host). Both shapes are accepted: the third string
        is read only when bytes are left.
        
        .. seealso::
           clientbound.md "0x04 Server Info Packet"
        
        
        .. seealso::
           README.md section 6 item 1
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.ServerInfo, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.gamemode = diep_types.DiepTypes.StringNt(self._io)
            self.server_uuid_or_host = diep_types.DiepTypes.StringNt(self._io)
            if (not (self._io.is_eof())):
                pass
                self.host_region = diep_types.DiepTypes.StringNt(self._io)



        def _fetch_instances(self):
            pass
            self.gamemode._fetch_instances()
            self.server_uuid_or_host._fetch_instances()
            if (not (self._io.is_eof())):
                pass
                self.host_region._fetch_instances()



    class Unnamed(KaitaiStruct):
        """0x0C, never observed; one varuint of unknown meaning.
        
        .. seealso::
           clientbound.md "0x0C Unnamed Packet"
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.Unnamed, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.unknown = diep_types.DiepTypes.Vu(self._io)


        def _fetch_instances(self):
            pass
            self.unknown._fetch_instances()


    class Upcreate(KaitaiStruct):
        """A creation (entity with all its fields) or an update (only changed fields).
        
        .. seealso::
           README.md section 3
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.Upcreate, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.entity = diep_types.DiepTypes.Entid(self._io)
            self.kind = KaitaiStream.resolve_enum(DiepClientboundDiepcustom011c2e9.UpcreateKind, self._io.read_u1())
            if not isinstance(self.kind, DiepClientboundDiepcustom011c2e9.UpcreateKind):
                raise kaitaistruct.ValidationNotInEnumError(self.kind, self._io, u"/types/upcreate/seq/1")
            _on = self.kind
            if _on == DiepClientboundDiepcustom011c2e9.UpcreateKind.creation:
                pass
                self.body = DiepClientboundDiepcustom011c2e9.Creation(self._io, self, self._root)
            elif _on == DiepClientboundDiepcustom011c2e9.UpcreateKind.update:
                pass
                self.body = DiepClientboundDiepcustom011c2e9.EntityUpdate(self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.entity._fetch_instances()
            _on = self.kind
            if _on == DiepClientboundDiepcustom011c2e9.UpcreateKind.creation:
                pass
                self.body._fetch_instances()
            elif _on == DiepClientboundDiepcustom011c2e9.UpcreateKind.update:
                pass
                self.body._fetch_instances()


    class UpdateField(KaitaiStruct):
        """One entry of an update's field table; the slot says how the value is read.
        
        .. seealso::
           README.md sections 3.2 and 3.5
        """
        def __init__(self, prev_index, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.UpdateField, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.prev_index = prev_index
            self._read()

        def _read(self):
            self.xored_jump = self._io.read_u1()
            _ = self.xored_jump
            if not  ((_ <= 69) and ( ((_ == 1) or (self.prev_index + (_ + 1 if _ % 2 == 0 else _ - 1) < 68)) )) :
                raise kaitaistruct.ValidationExprError(self.xored_jump, self._io, u"/types/update_field/seq/0")
            if self.xored_jump != 1:
                pass
                _on = self.index
                if _on == 0:
                    pass
                    self.value = diep_types.DiepTypes.Vi(self._io)
                elif _on == 1:
                    pass
                    self.value = diep_types.DiepTypes.Vi(self._io)
                elif _on == 10:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 11:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 12:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 13:
                    pass
                    self.value = DiepClientboundDiepcustom011c2e9.ElementTableVi(10, self._io, self, self._root)
                elif _on == 14:
                    pass
                    self.value = diep_types.DiepTypes.Vi(self._io)
                elif _on == 15:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 16:
                    pass
                    self.value = diep_types.DiepTypes.Vi(self._io)
                elif _on == 17:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 18:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 19:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 2:
                    pass
                    self.value = diep_types.DiepTypes.FixedPoint(64, self._io)
                elif _on == 20:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 22:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 23:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 24:
                    pass
                    self.value = DiepClientboundDiepcustom011c2e9.ElementTableStringNt(10, self._io, self, self._root)
                elif _on == 25:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 26:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 27:
                    pass
                    self.value = DiepClientboundDiepcustom011c2e9.ElementTableStringNt(10, self._io, self, self._root)
                elif _on == 28:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 29:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 3:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 30:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 31:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 32:
                    pass
                    self.value = diep_types.DiepTypes.Entid(self._io)
                elif _on == 33:
                    pass
                    self.value = diep_types.DiepTypes.Vi(self._io)
                elif _on == 34:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 35:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 36:
                    pass
                    self.value = DiepClientboundDiepcustom011c2e9.ElementTableVi(8, self._io, self, self._root)
                elif _on == 37:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 38:
                    pass
                    self.value = DiepClientboundDiepcustom011c2e9.ElementTableVi(10, self._io, self, self._root)
                elif _on == 39:
                    pass
                    self.value = DiepClientboundDiepcustom011c2e9.ElementTableVi(8, self._io, self, self._root)
                elif _on == 4:
                    pass
                    self.value = diep_types.DiepTypes.Entid(self._io)
                elif _on == 40:
                    pass
                    self.value = diep_types.DiepTypes.StringNt(self._io)
                elif _on == 41:
                    pass
                    self.value = diep_types.DiepTypes.Vi(self._io)
                elif _on == 42:
                    pass
                    self.value = diep_types.DiepTypes.FixedPoint(64, self._io)
                elif _on == 43:
                    pass
                    self.value = diep_types.DiepTypes.Vi(self._io)
                elif _on == 44:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 45:
                    pass
                    self.value = diep_types.DiepTypes.Vi(self._io)
                elif _on == 46:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 47:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 48:
                    pass
                    self.value = diep_types.DiepTypes.StringNt(self._io)
                elif _on == 49:
                    pass
                    self.value = diep_types.DiepTypes.Entid(self._io)
                elif _on == 5:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 50:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 51:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 52:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 53:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 54:
                    pass
                    self.value = DiepClientboundDiepcustom011c2e9.ElementTableStringNt(8, self._io, self, self._root)
                elif _on == 55:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 56:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 57:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 58:
                    pass
                    self.value = diep_types.DiepTypes.Entid(self._io)
                elif _on == 59:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 6:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 60:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 61:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 62:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 63:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 64:
                    pass
                    self.value = diep_types.DiepTypes.Vu(self._io)
                elif _on == 65:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 66:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 67:
                    pass
                    self.value = diep_types.DiepTypes.F32(self._io)
                elif _on == 7:
                    pass
                    self.value = DiepClientboundDiepcustom011c2e9.ElementTableVu(10, self._io, self, self._root)
                elif _on == 8:
                    pass
                    self.value = diep_types.DiepTypes.StringNt(self._io)
                elif _on == 9:
                    pass
                    self.value = diep_types.DiepTypes.Vi(self._io)
                else:
                    pass
                    self.value = diep_types.DiepTypes.SlotNotSent(self._io)



        def _fetch_instances(self):
            pass
            if self.xored_jump != 1:
                pass
                _on = self.index
                if _on == 0:
                    pass
                    self.value._fetch_instances()
                elif _on == 1:
                    pass
                    self.value._fetch_instances()
                elif _on == 10:
                    pass
                    self.value._fetch_instances()
                elif _on == 11:
                    pass
                    self.value._fetch_instances()
                elif _on == 12:
                    pass
                    self.value._fetch_instances()
                elif _on == 13:
                    pass
                    self.value._fetch_instances()
                elif _on == 14:
                    pass
                    self.value._fetch_instances()
                elif _on == 15:
                    pass
                    self.value._fetch_instances()
                elif _on == 16:
                    pass
                    self.value._fetch_instances()
                elif _on == 17:
                    pass
                    self.value._fetch_instances()
                elif _on == 18:
                    pass
                    self.value._fetch_instances()
                elif _on == 19:
                    pass
                    self.value._fetch_instances()
                elif _on == 2:
                    pass
                    self.value._fetch_instances()
                elif _on == 20:
                    pass
                    self.value._fetch_instances()
                elif _on == 22:
                    pass
                    self.value._fetch_instances()
                elif _on == 23:
                    pass
                    self.value._fetch_instances()
                elif _on == 24:
                    pass
                    self.value._fetch_instances()
                elif _on == 25:
                    pass
                    self.value._fetch_instances()
                elif _on == 26:
                    pass
                    self.value._fetch_instances()
                elif _on == 27:
                    pass
                    self.value._fetch_instances()
                elif _on == 28:
                    pass
                    self.value._fetch_instances()
                elif _on == 29:
                    pass
                    self.value._fetch_instances()
                elif _on == 3:
                    pass
                    self.value._fetch_instances()
                elif _on == 30:
                    pass
                    self.value._fetch_instances()
                elif _on == 31:
                    pass
                    self.value._fetch_instances()
                elif _on == 32:
                    pass
                    self.value._fetch_instances()
                elif _on == 33:
                    pass
                    self.value._fetch_instances()
                elif _on == 34:
                    pass
                    self.value._fetch_instances()
                elif _on == 35:
                    pass
                    self.value._fetch_instances()
                elif _on == 36:
                    pass
                    self.value._fetch_instances()
                elif _on == 37:
                    pass
                    self.value._fetch_instances()
                elif _on == 38:
                    pass
                    self.value._fetch_instances()
                elif _on == 39:
                    pass
                    self.value._fetch_instances()
                elif _on == 4:
                    pass
                    self.value._fetch_instances()
                elif _on == 40:
                    pass
                    self.value._fetch_instances()
                elif _on == 41:
                    pass
                    self.value._fetch_instances()
                elif _on == 42:
                    pass
                    self.value._fetch_instances()
                elif _on == 43:
                    pass
                    self.value._fetch_instances()
                elif _on == 44:
                    pass
                    self.value._fetch_instances()
                elif _on == 45:
                    pass
                    self.value._fetch_instances()
                elif _on == 46:
                    pass
                    self.value._fetch_instances()
                elif _on == 47:
                    pass
                    self.value._fetch_instances()
                elif _on == 48:
                    pass
                    self.value._fetch_instances()
                elif _on == 49:
                    pass
                    self.value._fetch_instances()
                elif _on == 5:
                    pass
                    self.value._fetch_instances()
                elif _on == 50:
                    pass
                    self.value._fetch_instances()
                elif _on == 51:
                    pass
                    self.value._fetch_instances()
                elif _on == 52:
                    pass
                    self.value._fetch_instances()
                elif _on == 53:
                    pass
                    self.value._fetch_instances()
                elif _on == 54:
                    pass
                    self.value._fetch_instances()
                elif _on == 55:
                    pass
                    self.value._fetch_instances()
                elif _on == 56:
                    pass
                    self.value._fetch_instances()
                elif _on == 57:
                    pass
                    self.value._fetch_instances()
                elif _on == 58:
                    pass
                    self.value._fetch_instances()
                elif _on == 59:
                    pass
                    self.value._fetch_instances()
                elif _on == 6:
                    pass
                    self.value._fetch_instances()
                elif _on == 60:
                    pass
                    self.value._fetch_instances()
                elif _on == 61:
                    pass
                    self.value._fetch_instances()
                elif _on == 62:
                    pass
                    self.value._fetch_instances()
                elif _on == 63:
                    pass
                    self.value._fetch_instances()
                elif _on == 64:
                    pass
                    self.value._fetch_instances()
                elif _on == 65:
                    pass
                    self.value._fetch_instances()
                elif _on == 66:
                    pass
                    self.value._fetch_instances()
                elif _on == 67:
                    pass
                    self.value._fetch_instances()
                elif _on == 7:
                    pass
                    self.value._fetch_instances()
                elif _on == 8:
                    pass
                    self.value._fetch_instances()
                elif _on == 9:
                    pass
                    self.value._fetch_instances()
                else:
                    pass
                    self.value._fetch_instances()


        @property
        def index(self):
            """Update slot (see enum update_slot)."""
            if hasattr(self, '_m_index'):
                return self._m_index

            self._m_index = self.prev_index + (self.xored_jump + 1 if self.xored_jump % 2 == 0 else self.xored_jump - 1)
            return getattr(self, '_m_index', None)

        @property
        def is_end(self):
            """This entry closes the update's field table."""
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.xored_jump == 1
            return getattr(self, '_m_is_end', None)

        @property
        def slot(self):
            """The update slot as a field name."""
            if hasattr(self, '_m_slot'):
                return self._m_slot

            self._m_slot = KaitaiStream.resolve_enum(DiepClientboundDiepcustom011c2e9.UpdateSlot, self.index)
            return getattr(self, '_m_slot', None)


    class UpdatePacket(KaitaiStruct):
        """0x00: the game tick, the entities to forget, then the upcreates (creations and
        updates). Apply in wire order: all deletions, then the upcreates one by one.
        
        .. seealso::
           0x00-update-packet.txt
        
        
        .. seealso::
           README.md section 3
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(DiepClientboundDiepcustom011c2e9.UpdatePacket, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tick = diep_types.DiepTypes.Vu(self._io)
            self.num_deletions = diep_types.DiepTypes.Vu(self._io)
            self.deletions = []
            for i in range(self.num_deletions.value):
                self.deletions.append(diep_types.DiepTypes.Entid(self._io))

            self.num_upcreates = diep_types.DiepTypes.Vu(self._io)
            self.upcreates = []
            for i in range(self.num_upcreates.value):
                self.upcreates.append(DiepClientboundDiepcustom011c2e9.Upcreate(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.tick._fetch_instances()
            self.num_deletions._fetch_instances()
            for i in range(len(self.deletions)):
                pass
                self.deletions[i]._fetch_instances()

            self.num_upcreates._fetch_instances()
            for i in range(len(self.upcreates)):
                pass
                self.upcreates[i]._fetch_instances()




