"""Frames of packet captures down to TCP segments and UDP datagrams: the link layers and
encapsulations (from the capture specs, with precompiled fast paths), IP fragment
reassembly, and the tally of frames that are not read."""
