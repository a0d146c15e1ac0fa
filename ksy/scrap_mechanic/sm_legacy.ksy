meta:
  id: sm_legacy
  title: Scrap Mechanic 51 Legacy body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 51 Legacy packet: no data. Never sent by a vanilla client (Client ->
  Server); when the server receives it, `false && "Legacy"` is printed to its console. Not
  LZ4 compressed: `sm_packet` routes its body here.
doc-ref: 51 - Legacy, section Structure
seq: []
