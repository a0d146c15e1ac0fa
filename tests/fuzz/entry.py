"""The atheris entry point every ``fuzz_<target>.py`` calls: which wirestruct modules are
instrumented for a target, then libFuzzer.

Instrumented code reports every branch and comparison to libFuzzer, several times the
cost of the code itself, so each target instruments only the modules whose coverage
guides it (:data:`COVERED`): the core, and the decoders, generated parsers and readers
its input reaches. The rest (JSON output, the plug-in registry, the Wireshark and table
code, the other protocols) runs uninstrumented: its behaviour is still checked by the
harness on every input, only its branches do not count as coverage.

This module imports no wirestruct module before the instrumentation hook is in place:
which modules exist is read from the source folders (:data:`FOLDERS`), not by importing.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

#: Import name -> source folder (pyproject.toml's package-dir), for the modules instrumented.
FOLDERS = {"wirestruct": ROOT / "runtime", "wirestruct.generated": ROOT / "generated",
           "wirestruct.generated_rw": ROOT / "generated_rw", "wirestruct.tools": ROOT / "tools"}

_CORE = ("wirestruct.core",)
_CAPTURES = ("wirestruct.captures", "wirestruct.generated.capture")
_PROTOCOLS = {
    "scrap_mechanic": ("wirestruct.protocols.scrap_mechanic", "wirestruct.generated.scrap_mechanic"),
    "mme": ("wirestruct.protocols.mme", "wirestruct.generated.mme"),
    "diep": ("wirestruct.protocols.diep", "wirestruct.generated.diep"),
}
_ALL_PROTOCOLS = tuple(name for names in _PROTOCOLS.values() for name in names)

#: Target -> the module prefixes instrumented for it (their coverage guides the fuzzer).
COVERED: dict[str, tuple[str, ...]] = {
    "scrap_mechanic": _CORE + _PROTOCOLS["scrap_mechanic"],
    "mme": _CORE + _PROTOCOLS["mme"],
    "diep": _CORE + _PROTOCOLS["diep"],
    "jsonl": _CORE + _CAPTURES,
    # stream captures are decoded as MME
    "pcap": _CORE + _CAPTURES + _PROTOCOLS["mme"],
    "pcapng": _CORE + _CAPTURES + _PROTOCOLS["mme"],
    "wscap": _CORE + _CAPTURES + _ALL_PROTOCOLS,
    "encode": _CORE + ("wirestruct.encode", "wirestruct.generated_rw",
                       "wirestruct.captures.writers") + _ALL_PROTOCOLS,
    "batch": _CORE + _CAPTURES + _ALL_PROTOCOLS + ("wirestruct.tables",
                                                   "wirestruct.tools.batch"),
    # the readers and the generated classes they are checked against
    "diep_updates": ("wirestruct.protocols.diep.update_reader",
                     "wirestruct.protocols.diep.raw_update_reader", "wirestruct.generated.diep"),
    # the WebSocket reader of the capture layer: handshake, frames, permessage-deflate
    "websocket": _CORE + ("wirestruct.captures.flows.websocket",
                          "wirestruct.captures.flows.websocket_frames",
                          "wirestruct.captures.flows.permessage_deflate",
                          "wirestruct.generated.capture.websocket_frame"),
    # a proxy session: framing, hooks, the encoder writing edits back, of every protocol
    "proxy": _CORE + ("wirestruct.proxy", "wirestruct.encode") + _ALL_PROTOCOLS,
}


def module_names() -> list[str]:
    """Every wirestruct module, from the source folders."""
    names = []
    for package, folder in FOLDERS.items():
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            names.append(".".join([package, *parts]))
    return names


def covered(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def excluded(target: str) -> list[str]:
    """The modules left uninstrumented for ``target``."""
    return [name for name in module_names() if not covered(name, COVERED[target])]


def main(target: str) -> None:
    import atheris

    sys.path.insert(0, str(HERE))
    scope = os.environ.get("WIRESTRUCT_FUZZ_INSTRUMENT", "")
    exclude = [] if scope == "all" else excluded(target)
    with atheris.instrument_imports(include=["wirestruct"], exclude=exclude):
        import harness

        harness.import_all(rw=target == "encode", tools=target == "batch")
    # libFuzzer's fork mode re-runs argv[0]: run.py points it at an executable wrapper.
    argv = [os.environ.get("WIRESTRUCT_FUZZ_ARGV0", sys.argv[0]), *sys.argv[1:]]
    atheris.Setup(argv, harness.TARGETS[target])
    atheris.Fuzz()
