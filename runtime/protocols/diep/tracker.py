"""The entity table of a diep.io client, kept from 0x00 update packets.

Entities are keyed by id and carry the hash they were created with. A creation makes the
entity with its groups and every field of them; an update changes only the fields it
lists (array fields only the listed elements); a deletion removes the entity. An update or
deletion of an id that is not in the table, or whose hash differs (a recycled id), is a
state error: that one upcreate or deletion is skipped and the rest of the packet applies.
"""
from __future__ import annotations

from typing import Any

from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import Direction
from wirestruct.core.tracker import Tracker, state_error
from wirestruct.protocols.diep.builds import Build, load_build
from wirestruct.protocols.diep.field_values import (
    creation_mask,
    creation_reader,
    reader_of,
    update_body,
    update_value_reader,
)

UPDATE = 0x00
CREATION = 1


class Entity:
    __slots__ = ("id", "hash", "mask", "fields")

    def __init__(self, id: int, hash: int, mask: int, fields: dict[str, Any]) -> None:
        self.id = id
        self.hash = hash
        self.mask = mask      #: field groups as a bit set
        self.fields = fields  #: key -> value, in creation order


class EntityTracker(Tracker):
    """Entities by id, at most ``limits.max_tracked_objects`` at once: a creation beyond
    that is not tracked, and an error event says which entity was dropped."""

    def __init__(self, *, diep_build: str | Build | None = None,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.build: Build = load_build(diep_build)
        self.max_entities = limits.max_tracked_objects
        self.tick: int | None = None
        self.entities: dict[int, Entity] = {}
        #: update slot -> (key, group bit, is an array, reader);
        #: group mask -> [(key, attribute, reader)]
        self._updates = {f.update_index: (f.key, 1 << f.group_id, bool(f.length),
                                          update_value_reader(f)) for f in self.build.fields}
        self._creations: dict[int, list] = {}
        self._creation_kind = self.build.packet_class.UpcreateKind(CREATION).name
        self._reader = reader_of(self.build)

    def _creation_plan(self, mask: int) -> list:
        plan = self._creations.get(mask)
        if plan is None:
            if len(self._creations) > 4096:  # group sets are few; keep the cache bounded
                self._creations.clear()
            plan = self._creations[mask] = [(f.key, f.attr, creation_reader(f))
                                            for f in self.build.fields_of(mask)]
        return plan

    # -- applying packets ----------------------------------------------------------------
    def apply(self, event: PacketEvent) -> list[ErrorEvent]:
        if event.direction is not Direction.S2C or event.packet_id != UPDATE:
            return []
        body = update_body(event, self._reader)
        errors: list[ErrorEvent] = []
        self.tick = body["tick"]
        entities = self.entities
        for i, ref in enumerate(body["deletions"]):
            h = ref["hash"]
            where = f"body.deletions[{i}]"
            if h == 0:
                errors.append(state_error(event, "deletion of \"no entity\" (hash 0)",
                                          expected="an entity id", field_path=where))
                continue
            eid = ref["id"]
            entity = entities.get(eid)
            if entity is None:
                errors.append(state_error(event, f"deletion of unknown entity {eid} (hash {h})",
                                          expected="a live entity", field_path=where))
            elif entity.hash != h:
                errors.append(state_error(
                    event, f"deletion of entity {eid} with hash {h}, but it has hash {entity.hash}",
                    expected=f"hash {entity.hash}", field_path=where))
            else:
                del entities[eid]
        for i, upcreate in enumerate(body["upcreates"]):
            error = self._upcreate(upcreate)
            if error is not None:
                message, expected = error[:2]
                errors.append(state_error(event, message, expected=expected,
                                          field_path=f"body.upcreates[{i}]"))
                if len(error) == 3:
                    errors[-1].error.dropped, errors[-1].error.dropped_unit = 1, "entities"
        return errors

    def _upcreate(self, upcreate: dict[str, Any]) -> tuple | None:
        ref = upcreate["entity"]
        h = ref["hash"]
        if h == 0:
            return "upcreate of \"no entity\" (hash 0)", "an entity id"
        eid = ref["id"]
        body = upcreate["body"]
        if upcreate["kind"] == self._creation_kind:
            mask = creation_mask(self.build, body)
            fields = {key: read(body[attr]) for key, attr, read in self._creation_plan(mask)}
            old = self.entities.get(eid)
            if old is None and len(self.entities) >= self.max_entities:
                return (f"creation of entity {eid} (hash {h}) not tracked: "
                        f"{len(self.entities)} entities are tracked already",
                        f"at most {self.max_entities} tracked objects (max_tracked_objects)",
                        "dropped")
            self.entities[eid] = Entity(eid, h, mask, fields)
            if old is not None:
                return (f"creation of entity {eid} (hash {h}) while entity {eid} "
                        f"(hash {old.hash}) is live; replaced", "a deletion first")
            return None
        entity = self.entities.get(eid)
        if entity is None:
            return f"update of unknown entity {eid} (hash {h})", "a live entity"
        if entity.hash != h:
            return (f"update of entity {eid} with hash {h}, but it has hash {entity.hash}",
                    f"hash {entity.hash}")
        updates = self._updates
        mask = entity.mask
        changes = []
        for entry in body["fields"]:
            index = entry["index"]
            key, bit, is_array, read = updates[index]
            if not mask & bit:
                field = self.build.by_update_index[index]
                return (f"update of {key} on entity {eid}, which has no "
                        f"{self.build.groups[field.group_id]} group; update skipped",
                        "a field of the entity's groups")
            changes.append((key, is_array, read(entry["value"])))
        values = entity.fields
        for key, is_array, value in changes:
            if is_array:
                array = values[key]
                for index, item in value:
                    array[index] = item
            else:
                values[key] = value
        return None

    # -- state ---------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        groups = self.build.group_names
        return {"tick": self.tick, "entities": [
            {"id": e.id, "hash": e.hash, "groups": groups(e.mask),
             "fields": {k: (list(v) if isinstance(v, list) else v) for k, v in e.fields.items()}}
            for _, e in sorted(self.entities.items())]}
