meta:
  id: sm_client_accepted
  title: Scrap Mechanic 05 Client Accepted body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 05 Client Accepted packet: no data. Bound To: Server -> Client (the
  page's first sentence, "the client sends this packet to the server to initiate the
  connection", is that of 01 Hello; its Bound To line and the joining sequences have the
  server send it). Not LZ4 compressed: `sm_packet` routes its body here.
doc-ref: 05 - Client Accepted, section Structure
seq: []
