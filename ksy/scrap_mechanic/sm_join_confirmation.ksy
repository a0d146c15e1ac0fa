meta:
  id: sm_join_confirmation
  title: Scrap Mechanic 10 Join Confirmation body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 10 Join Confirmation packet: no data. Sent (Server -> Client) when all
  the checks of joining are done. Not LZ4 compressed: `sm_packet` routes its body here.
doc-ref: 10 - Join Confirmation, section Structure
seq: []
