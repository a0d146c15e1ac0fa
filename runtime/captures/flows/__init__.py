"""TCP connections and UDP flows: which endpoint is the server, the flow table, and the
reassembly of each direction's byte stream."""
