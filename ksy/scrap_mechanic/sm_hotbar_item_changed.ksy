meta:
  id: sm_hotbar_item_changed
  title: Scrap Mechanic 31 Hotbar Item Changed (Equipped Item Changed) body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  The body of a 31 packet after LZ4 decompression (Client -> Server), titled Equipped
  Item Changed on its page (whose file is named hotbar-item-changed): sent when the player
  equips a different item. No packet is sent when both the UUID and the Tool Instance ID
  are the same as the previous equipped item.
doc-ref: 31 - Equipped Item Changed, section Structure
seq:
  - id: character_id
    -orig-id: Character ID
    type: u4
    doc: The character ID of the player sending the packet.
  - id: uuid
    -orig-id: Uuid
    type: sm_common::uuid
    doc: |
      The UUID of the newly equipped item (le u128: the text's bytes reversed).
      `00000000-0000-0000-0000-000000000000` when no item is equipped.
  - id: tool_instance_id
    -orig-id: Tool Instance ID
    type: u4
    doc: |
      The instance id of the newly equipped tool. Always `0xFFFFFFFF` for items that are
      not tools or when no item is equipped.
