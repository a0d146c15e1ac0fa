"""The joining sequence of one Scrap Mechanic connection (``joining.mdx``) and its outcome.

The sequences the page gives, by the server's Multiplayer setting (Public, Friends Only,
Friends of Friends with a valid passphrase), are the same packets in the same order:

    [03 Request Passphrase, 04 Respond Passphrase], 05 Client Accepted, 01 Hello (the
    client's, and the server's answer), 02 Server Info, 13 Generic Initialization Data
    (and 11 Script Initialization Data), 06 File Checksums, 07 Checksums Accepted or 08
    Checksums Denied, 09 Character Info, 10 Join Confirmation.

:class:`Join` follows one connection through them: its phase (the latest step), the steps
seen, whether a passphrase was asked and what was answered, whether the client was
accepted, the checksums sent and their outcome, the name sent, and whether the join was
confirmed. A step that comes before a step it follows in every sequence of the page, once
the sequence has begun in the capture, or a joining step after the join was confirmed, or
a confirmation after the checksums were denied, is a contradiction the tracker reports
(:meth:`Join.step` returns it); the step is still recorded.
"""
from __future__ import annotations

from typing import Any

from wirestruct.protocols.scrap_mechanic.packets import PacketId

P = PacketId

#: Each joining packet's place in the sequence (equal places may come in any order).
RANKS = {
    int(P.request_passphrase): 0, int(P.respond_passphrase): 1, int(P.client_accepted): 2,
    int(P.hello): 3, int(P.server_info): 4, int(P.script_initialization_data): 5,
    int(P.generic_initialization_data): 5, int(P.file_checksums): 6,
    int(P.checksums_accepted): 7, int(P.checksums_denied): 7, int(P.character_info): 8,
    int(P.join_confirmation): 9,
}
#: Steps that may come again after the join (initialization data of players joining later).
AFTER_JOIN = frozenset({int(P.script_initialization_data), int(P.generic_initialization_data)})
#: At most this many steps are listed (a connection that repeats joining packets).
MAX_STEPS = 64


class Join:
    """One connection's join (see the module doc)."""

    def __init__(self) -> None:
        self.phase: str | None = None
        self.steps: list[str] = []
        self.more_steps = 0
        self.highest = -1
        self.passphrase_requested = False
        self.passphrase: str | None = None
        self.accepted = False
        self.checksums: int | None = None
        self.checksums_outcome: str | None = None
        self.denied_index: int | None = None
        self.character_name: str | None = None
        self.confirmed = False

    def step(self, packet_id: int, name: str, body: Any) -> str | None:
        """Record one joining packet; a contradiction of the sequence, or None."""
        rank = RANKS[packet_id]
        problem = None
        if self.confirmed and packet_id not in AFTER_JOIN:
            problem = f"{name} after the join was confirmed"
        elif rank < self.highest and packet_id not in AFTER_JOIN and \
                packet_id != int(P.hello):
            problem = f"{name} after {self.phase}, which it comes before when joining"
        elif packet_id == int(P.join_confirmation) and self.checksums_outcome == "denied":
            problem = "join confirmed although the checksums were denied"
        self.highest = max(self.highest, rank)
        self.phase = name
        if len(self.steps) < MAX_STEPS:
            self.steps.append(name)
        else:
            self.more_steps += 1
        self._learn(packet_id, body)
        return problem

    def _learn(self, packet_id: int, body: Any) -> None:
        if packet_id == int(P.request_passphrase):
            self.passphrase_requested = True
        elif packet_id == int(P.respond_passphrase):
            self.passphrase = body.passphrase
        elif packet_id == int(P.client_accepted):
            self.accepted = True
        elif packet_id == int(P.file_checksums):
            self.checksums = body.num_checksums
        elif packet_id == int(P.checksums_accepted):
            self.checksums_outcome = "accepted"
        elif packet_id == int(P.checksums_denied):
            self.checksums_outcome, self.denied_index = "denied", body.index
        elif packet_id == int(P.character_info):
            self.character_name = body.name.text
        elif packet_id == int(P.join_confirmation):
            self.confirmed = True

    def to_json(self) -> dict[str, Any]:
        return {"phase": self.phase, "steps": self.steps, "more_steps": self.more_steps,
                "passphrase_requested": self.passphrase_requested,
                "passphrase": self.passphrase, "accepted": self.accepted,
                "checksums": self.checksums, "checksums_outcome": self.checksums_outcome,
                "denied_index": self.denied_index, "character_name": self.character_name,
                "confirmed": self.confirmed}
