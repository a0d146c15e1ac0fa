"""A man-in-the-middle proxy's core, sans-I/O: a session per client connection fed the
bytes each side sends, returning the bytes to forward and the events decoded
(:mod:`wirestruct.proxy.session`), the hook API scripts use (:mod:`wirestruct.proxy.hooks`)
and the capture a run records (:mod:`wirestruct.proxy.record`). ``wirestruct proxy``
(:mod:`wirestruct.tools.proxy`) puts sockets around them."""
