meta:
  id: sm_remove_joint
  title: Scrap Mechanic 39 Remove Joint body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 39 Remove Joint packet after LZ4 decompression (Client -> Server): sent
  when the player removes a joint (35 Remove is not sent for joints).
doc-ref: 39 - Remove Joint, section Structure
seq:
  - id: joint_id
    -orig-id: Joint ID
    type: u4
    doc: The ID of the joint to remove.
