"""Python compiled from ksy/ by the pinned Kaitai Struct compiler.

Do not edit: run `wirestruct regen`. One subpackage per ksy/ folder."""
