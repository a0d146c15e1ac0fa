"""How Multiplayer Map Editor packets read in ``--format summary`` and Wireshark's Info
column: the description in :mod:`.summaries`."""
from __future__ import annotations

from wirestruct.plugin.protocol import Presentation
from wirestruct.protocols.mme.summaries import SUMMARIES

PRESENTATION = Presentation(summaries=SUMMARIES)
