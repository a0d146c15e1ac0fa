meta:
  id: sm_drop_item_stack
  title: Scrap Mechanic 33 Drop Item Stack body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 33 Drop Item Stack packet after LZ4 decompression (Client -> Server):
  sent when the player drops an item stack by dragging it outside of their inventory.
  Here the slot and quantity are 32-bit integers, while other packets store them as 16-bit
  integers.

  Validation: a quantity higher than the amount of items in the slot drops nothing; a
  quantity of zero, a container or a slot that does not exist do nothing.

  The page's notes of Container ID and Quantity are swapped (Container ID reads "The
  amount of items to drop", Quantity "The ID of the container..."); the field names are
  followed.
doc-ref: 33 - Drop Item Stack, section Structure
seq:
  - id: container_id
    -orig-id: Container ID
    type: u4
    doc: |
      The ID of the container the item stack to drop is in (the page's note here, "The
      amount of items to drop", is Quantity's).
  - id: slot
    -orig-id: Slot
    type: u4
    doc: The index of slot in the container the item stack to drop is located in.
  - id: quantity
    -orig-id: Quantity
    type: u4
    doc: |
      The amount of items to drop (the page's note here, "The ID of the container the item
      stack to drop is in", is Container ID's).
