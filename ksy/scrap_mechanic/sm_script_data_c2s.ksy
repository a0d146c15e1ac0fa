meta:
  id: sm_script_data_c2s
  title: Scrap Mechanic 26 Script Data (C->S) body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_blob_data
  endian: be
  bit-endian: be
doc: |
  The body of a 26 Script Data (C->S) packet after LZ4 decompression (Client -> Server):
  sent when the client sends a Lua network request. Unlike 25 it has no game tick. The page
  is a work in progress: its BlobData payloads are to be documented, so they stay bytes.

  Each BlobData's data is an LZ4 block kept as bytes (`sm_blob_data`); its `known_uid`
  names the spec of the expanded payload. The entries are read until the end of the body:
  their number is bounded by the body's size (each takes at least 25 bytes).
doc-ref:
  - 26 - Script Data (C->S), section Structure
  - BlobData
seq:
  - id: blobs
    -orig-id: Data
    type: sm_blob_data
    repeat: eos
    doc: |
      The script data. This array is read until the end of the packet.
      When writing, the count is implied by the body's size (`repeat: eos`).
