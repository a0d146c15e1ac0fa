meta:
  id: sm_request_passphrase
  title: Scrap Mechanic 03 Request Passphrase body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 03 Request Passphrase packet: no data. The server sends it to a joining
  client when the server requires a passphrase (Server -> Client). Not LZ4 compressed:
  `sm_packet` routes its body here.
doc-ref: 03 - Request Passphrase, section Structure
seq: []
