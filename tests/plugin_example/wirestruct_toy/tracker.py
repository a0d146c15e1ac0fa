"""The game: players (name, paddle position) and the score."""
from __future__ import annotations

from typing import Any

from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.tracker import Tracker, state_error


class ToyTracker(Tracker):
    def __init__(self, *, limits: Limits = DEFAULT_LIMITS, toy_court: int | None = None
                 ) -> None:
        self.limits = limits
        self.court = toy_court
        self.players: dict[int, dict[str, Any]] = {}
        self.score: tuple[int, int] | None = None

    def apply(self, event: PacketEvent) -> list[ErrorEvent]:
        body = event.packet.body
        if event.name == "hello":
            if body.player not in self.players and \
                    len(self.players) >= self.limits.max_tracked_objects:
                return [state_error(event, f"player {body.player} not tracked",
                                    expected="at most max_tracked_objects players",
                                    dropped=1, dropped_unit="items")]
            self.players[body.player] = {"name": body.name, "x": None, "y": None}
        elif event.name == "move":
            player = self.players.get(body.player)
            if player is None:
                return [state_error(event, f"player {body.player} moves before saying hello")]
            if self.court is not None and abs(body.x) > self.court:
                return [state_error(event, f"x {body.x} is outside the court",
                                    expected=f"|x| <= {self.court} (--toy-court)")]
            player["x"], player["y"] = body.x, body.y
        elif event.name == "score":
            self.score = (body.left, body.right)
        return []

    def snapshot(self) -> dict[str, Any]:
        return {"players": [{"player": n, **p} for n, p in sorted(self.players.items())],
                "score": None if self.score is None else list(self.score)}
