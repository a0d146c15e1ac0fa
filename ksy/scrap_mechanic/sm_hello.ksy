meta:
  id: sm_hello
  title: Scrap Mechanic 01 Hello body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 01 Hello packet: no data. The client sends this packet to the server to
  initiate the connection; the server responds with the same packet (Bound To: Client <->
  Server; same layout both ways). Not LZ4 compressed: `sm_packet` routes its body here.
doc-ref: 01 - Hello, section Structure
seq: []
