"""Container contents changed by the client's 32 Container Transaction and 33 Drop Item
Stack, as the page describes each action, on the container NetObjs of 22 Network Update.

The server applies a transaction and then sends the containers' new contents in 22
updates; the tracker applies it as soon as the client sends it, on the same items the
NetObjs hold (``fields["items"]``: one entry per slot, UUID, tool instance id, quantity),
so the inventories are current in between, and the server's update that follows is
applied over them (it is the word of the server: a transaction it refused is undone by
it). Actions the page describes (32, "Action enum"):

* Set Item: the slot of ``To`` gets its item stack.
* Swap: the two slots trade their stacks.
* Collect / Spend: the item's quantity is added to (stacks of the same item first, up to
  the container's stack size, then empty slots) or taken from (the first stacks first)
  the container.
* Collect To Slot: added to the slot, up to the stack size; Collect To Slot Or Collect:
  what does not fit goes to the following slots.
* Spend From Slot: the quantity is taken from the slot.
* Move (and the Default Action, any other id): the quantity moves from ``From``'s slot to
  ``To``'s empty slot, which takes the item.
* Move From Slot: the slot's stack is collected into the other container; Move All: every
  stack is.
* 33 Drop Item Stack: the quantity leaves the slot, unless it is zero or more than the slot
  holds (then nothing happens, the page says).

What cannot be applied (a container no 22 created, a slot past its end) is left out and
said (:class:`Outcome`): the server ignores it too.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wirestruct.generated.scrap_mechanic.sm_common import SmCommon

_NIL = bytes(16)
NO_TOOL = 0xFFFFFFFF

Containers = Callable[[int], Any]   # container id -> its NetObj, or None


def _nil_uuid() -> Any:
    obj = SmCommon.Uuid.__new__(SmCommon.Uuid)
    obj.octets = _NIL
    return obj


def _slot(entry: Any) -> tuple[Any, int, int]:
    """(UUID object, tool instance id, quantity) of one container item (a parsed item or
    the dict a slot change left)."""
    if isinstance(entry, dict):
        return entry["uuid"], entry["tool_instance_id"], entry["quantity"]
    if entry is None:
        return _nil_uuid(), NO_TOOL, 0
    return entry.uuid, entry.tool_instance_id, entry.quantity


def _octets(uuid: Any) -> bytes:
    return bytes(uuid.octets)


def _item(uuid: Any, tool: int, quantity: int) -> dict[str, Any]:
    if quantity <= 0:
        return {"uuid": _nil_uuid(), "tool_instance_id": NO_TOOL, "quantity": 0}
    return {"uuid": uuid, "tool_instance_id": tool, "quantity": quantity}


class Outcome:
    """What applying a transaction found: ``missing``, containers it names that are not
    live (no 22 created them in the capture: nothing to apply them to); ``problems``,
    what contradicts the containers that are (a slot past the end)."""

    def __init__(self) -> None:
        self.missing: list[int] = []
        self.problems: list[str] = []


class _Apply:
    def __init__(self, containers: Containers) -> None:
        self.containers = containers
        self.outcome = Outcome()
        self.problems = self.outcome.problems

    def items(self, container_id: int) -> tuple[list[Any], int] | None:
        obj = self.containers(container_id)
        if obj is None:
            if container_id not in self.outcome.missing:
                self.outcome.missing.append(container_id)
            return None
        fields = obj.fields
        items = fields.get("items")
        if items is None:
            if container_id not in self.outcome.missing:
                self.outcome.missing.append(container_id)
            return None
        return items, fields.get("stack_size") or 0xFFFF

    def slot(self, container_id: int, slot: int) -> tuple[list[Any], int] | None:
        found = self.items(container_id)
        if found is not None and slot >= len(found[0]):
            self.problems.append(f"slot {slot} of container {container_id}, which has "
                                 f"{len(found[0])} slots")
            return None
        return found

    def add(self, container_id: int, uuid: Any, tool: int, quantity: int,
            slots: range | None = None) -> int:
        """Add ``quantity`` to the container (in ``slots`` only, when given): stacks of the
        same item first, then empty slots; returns what did not fit."""
        found = self.items(container_id)
        if found is None:
            return quantity
        items, stack = found
        order = list(slots if slots is not None else range(len(items)))
        key = _octets(uuid)
        for empty in (False, True):
            for i in order:
                if quantity <= 0 or i >= len(items):
                    continue
                have_uuid, have_tool, have = _slot(items[i])
                if (have == 0) != empty or (not empty and _octets(have_uuid) != key):
                    continue
                take = min(quantity, max(0, stack - have))
                if take:
                    items[i] = _item(uuid, tool, have + take)
                    quantity -= take
        return quantity

    def spend(self, container_id: int, uuid: Any, quantity: int) -> None:
        found = self.items(container_id)
        if found is None:
            return
        items, _ = found
        key = _octets(uuid)
        for i, entry in enumerate(items):
            have_uuid, tool, have = _slot(entry)
            if quantity > 0 and have and _octets(have_uuid) == key:
                take = min(have, quantity)
                items[i] = _item(have_uuid, tool, have - take)
                quantity -= take

    def take(self, container_id: int, slot: int, quantity: int | None) -> tuple[Any, int, int]:
        """Take ``quantity`` (None: all) from a slot; (uuid, tool, quantity taken)."""
        found = self.slot(container_id, slot)
        if found is None:
            return _nil_uuid(), NO_TOOL, 0
        items, _ = found
        uuid, tool, have = _slot(items[slot])
        taken = have if quantity is None else min(have, quantity)
        items[slot] = _item(uuid, tool, have - taken)
        return uuid, tool, taken

    def put(self, container_id: int, slot: int, uuid: Any, tool: int, quantity: int) -> None:
        found = self.slot(container_id, slot)
        if found is not None:
            found[0][slot] = _item(uuid, tool, quantity)


def _set_item(a: _Apply, d: Any) -> None:
    to = d.to_stack
    a.put(to.container_id, to.slot, to.uuid, to.tool_instance_id, to.quantity)


def _swap(a: _Apply, d: Any) -> None:
    src, dst = d.from_stack, d.to_stack
    first = a.slot(src.container_id, src.slot)
    second = a.slot(dst.container_id, dst.slot)
    if first is not None and second is not None:
        first[0][src.slot], second[0][dst.slot] = second[0][dst.slot], first[0][src.slot]


def _move(a: _Apply, d: Any) -> None:
    src, dst = d.from_stack, d.to_stack
    if a.slot(dst.container_id, dst.slot) is None:
        return
    uuid, tool, taken = a.take(src.container_id, src.slot, src.quantity)
    if taken:
        a.put(dst.container_id, dst.slot, uuid, tool, taken)


def _collect_to_slot(overflow: bool) -> Callable[[_Apply, Any], None]:
    def apply(a: _Apply, d: Any) -> None:
        to = d.to_stack
        found = a.slot(to.container_id, to.slot)
        if found is None:
            return
        slots = range(to.slot, len(found[0])) if overflow else range(to.slot, to.slot + 1)
        a.add(to.container_id, to.uuid, to.tool_instance_id, to.quantity, slots)
    return apply


def _move_all(a: _Apply, d: Any) -> None:
    found = a.items(d.from_container_id)
    if found is None:
        return
    for slot in range(len(found[0])):
        _move_slot(a, d.from_container_id, slot, d.to_container_id)


def _move_slot(a: _Apply, from_id: int, slot: int, to_id: int) -> None:
    if a.items(to_id) is None:
        return
    uuid, tool, taken = a.take(from_id, slot, None)
    left = a.add(to_id, uuid, tool, taken) if taken else 0
    if left:                                  # what does not fit stays where it was
        a.put(from_id, slot, uuid, tool, left)


def _collect(a: _Apply, d: Any) -> None:
    a.add(d.container_id, d.uuid, NO_TOOL, d.quantity)


def _spend(a: _Apply, d: Any) -> None:
    a.spend(d.container_id, d.uuid, d.quantity)


def _spend_from_slot(a: _Apply, d: Any) -> None:
    a.take(d.from_stack.container_id, d.from_stack.slot, d.from_stack.quantity)


def _move_from_slot(a: _Apply, d: Any) -> None:
    _move_slot(a, d.from_container_id, d.from_slot, d.to_container_id)


_ACTIONS: dict[str, Callable[[_Apply, Any], None]] = {
    "set_item": _set_item,
    "swap": _swap,
    "collect": _collect,
    "spend": _spend,
    "collect_to_slot": _collect_to_slot(False),
    "collect_to_slot_or_collect": _collect_to_slot(True),
    "spend_from_slot": _spend_from_slot,
    "move": _move,
    "move_from_slot": _move_from_slot,
    "move_all": _move_all,
}


def apply_transaction(body: Any, containers: Containers) -> Outcome:
    """Apply the first transaction of a 32 body (see the module doc)."""
    a = _Apply(containers)
    transaction = getattr(body, "transaction", None)
    if transaction is not None:
        action = transaction.action
        name = action.name if hasattr(action, "name") else "move"  # Default Action: a Move
        _ACTIONS[name](a, transaction.data)
    return a.outcome


def apply_drop(body: Any, containers: Containers) -> Outcome:
    """Apply a 33 Drop Item Stack (nothing when the quantity is zero or too much)."""
    a = _Apply(containers)
    found = a.slot(body.container_id, body.slot)
    if found is not None and 0 < body.quantity <= _slot(found[0][body.slot])[2]:
        a.take(body.container_id, body.slot, body.quantity)
    return a.outcome
