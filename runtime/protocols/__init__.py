"""The protocols wirestruct ships, one package each, found through the
``wirestruct.protocols`` entry-point group like any other."""
