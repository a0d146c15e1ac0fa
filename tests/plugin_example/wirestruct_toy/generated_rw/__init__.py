"""Read-write Python classes (`_check()`, `_write()`) compiled from ksy/ by the
pinned Kaitai Struct compiler; see docs/serialization.md.

Do not edit: run `wirestruct regen`. One subpackage per ksy/ folder."""
