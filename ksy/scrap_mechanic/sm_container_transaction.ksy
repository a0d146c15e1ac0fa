meta:
  id: sm_container_transaction
  title: Scrap Mechanic 32 Container Transaction body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  The body of a 32 Container Transaction packet after LZ4 decompression (Client ->
  Server): sent when the player interacts with items inside of containers. The page is a
  work in progress.

  A Transaction Count of 0 means no transaction at all (an item picked up and released
  in the same slot; bearings and controllers sometimes give a Swap with itself instead).
  A count of 1, the most common case, means one transaction. A count of 2 has been seen
  only for containers with a filter: the first transaction works like normal, the second
  has an Action ID that seems unrelated to anything (deterministic per item, e.g. 2 for
  Gasoline, 87 for a Battery); no sense is made of its data. Other counts have not been
  seen.

  Decision: every transaction of the count is parsed with the same layout, the first in
  `transaction`, the others in `more_transactions`. The page says a second transaction
  "seems to follow the same format" but that no sense is made of its data, so its
  fields are read as the layout says without a claim that they mean what they mean in a
  first transaction; its Action ID, when outside 0..9, takes the Default Action (Move)
  layout, as every transaction does (the game treats other Actions as a Move).
doc-ref: 32 - Container Transaction, section Structure
seq:
  - id: num_transactions
    -orig-id: Transaction Count
    type: u4
    doc: |
      How many transactions are in the transaction array. Sizes `0` and `1` are
      documented. Size `2` seems to follow the same format, but no sense is made of the
      data.
  - id: transaction
    -orig-id: Transactions
    type: transaction
    if: num_transactions >= 1
    doc: The first transaction of the transaction array (present for a count of 1 or more).
  - id: more_transactions
    -orig-id: Transactions
    type: transaction
    repeat: expr
    repeat-expr: num_transactions - 1
    if: num_transactions >= 2
    doc: |
      The second and later transactions of the array, in the same format as the first
      (present for a count of 2 or more). Caveat from the page: a second transaction has
      been seen only for containers with a filter, with an Action ID that seems unrelated
      to anything (deterministic per item, e.g. 2 for Gasoline, 87 for a Battery); it
      "seems to follow the same format", but no sense is made of its data.
      When writing, give `num_transactions - 1` transactions.
types:
  item_stack:
    doc: |
      All information about an item and where it is located in which container; used by
      most transactions.
    doc-ref: 32 - Container Transaction, section ItemStack
    seq:
      - id: uuid
        -orig-id: Uuid
        type: sm_common::uuid
        doc: |
          The UUID of the item (le u128: the text's bytes reversed); the nil UUID when
          there is none. (The page's note, copied from 31, says "newly equiped item".)
      - id: tool_instance_id
        -orig-id: Tool Instance ID
        type: u4
        doc: |
          The instance ID of the tool. Always `0xFFFFFFFF` for items that are not tools or
          when there is no item.
      - id: quantity
        -orig-id: Quantity
        type: u2
        doc: The amount of items in the item stack.
      - id: slot
        -orig-id: Slot
        type: u2
        doc: The index of slot in the container the item stack is located in.
      - id: container_id
        -orig-id: Container ID
        type: u4
        doc: The ID of the container the item stack is in.
  transaction:
    doc: One transaction; every Action has its own structure.
    doc-ref: 32 - Container Transaction, section Transaction
    seq:
      - id: action
        -orig-id: Action
        type: u1
        enum: action
        doc: The type of the transaction.
      - id: data
        -orig-id: Action Data
        type:
          switch-on: action
          cases:
            'action::set_item': action_set_item
            'action::swap': action_swap
            'action::collect': action_collect
            'action::spend': action_spend
            'action::collect_to_slot': action_collect_to_slot
            'action::collect_to_slot_or_collect': action_collect_to_slot_or_collect
            'action::spend_from_slot': action_spend_from_slot
            'action::move': action_move
            'action::move_from_slot': action_move_from_slot
            'action::move_all': action_move_all
            _: action_move
        doc: |
          The data of the action. This depends on the value of Action; other values are
          read as Move (Default Action).
  action_set_item:
    doc: |
      Sets the item in the specified slot in the container to the item stack. Occurs when
      adding an item from the unlimited inventory into the hotbar, by dragging or
      shift-clicking.
    doc-ref: 32 - Container Transaction, section Action 0 - Set Item
    seq:
      - id: to_stack
        -orig-id: To
        type: item_stack
        doc: The item stack to set the slot in the container to.
  action_swap:
    doc: |
      Swaps two item stacks, possibly in two containers. Occurs when dragging an item onto
      another item; both containers are unlimited or both limited inventories (otherwise
      Spend From Slot is used).
    doc-ref: 32 - Container Transaction, section Action 1 - Swap
    seq:
      - id: from_stack
        -orig-id: From
        type: item_stack
        doc: |
          The item stack of the dragged item. Uuid: always nil; Tool Instance ID: always
          `0xFFFFFFFF`; Quantity: always `0`.
      - id: to_stack
        -orig-id: To
        type: item_stack
        doc: |
          The item stack the dragged item is dropped onto. Uuid: always nil; Tool Instance
          ID: always `0xFFFFFFFF`; Quantity: always `456`.
  action_collect:
    doc: |
      Adds an item to the container. Occurs when holding shift while clicking on an item
      in the player's unlimited inventory backpack.
    doc-ref: 32 - Container Transaction, section Action 2 - Collect
    seq:
      - id: uuid
        -orig-id: Uuid
        type: sm_common::uuid
        doc: The UUID of the item to add to the container (le u128).
      - id: unknown
        -orig-id: Unknown
        type: u4
        doc: |
          Most likely the tool instance ID, but it is always `0xFFFFFFFF`, even for tools;
          `sm.container.collect` takes no parameter that could give this value.
      - id: quantity
        -orig-id: Quantity
        type: u2
        doc: The amount of items to add to the container.
      - id: container_id
        -orig-id: Container ID
        type: u4
        doc: The ID of the container to add the items to.
      - id: unknown_2
        -orig-id: Unknown
        type: u1
        doc: |
          Not known to be anything other than `0x80`. Could possibly be related to the
          `mustCollectAll` parameter of `sm.container.collect` ("Must collect all items for
          the transaction to be valid. Defaults to true."). (`0x80` is a set first bit in
          the BitStream's order.)
  action_spend:
    doc: |
      Removes a quantity of a given item from a container. Calls `ContainerManager2.spend()`;
      never recorded, reverse engineered from the executable. Occurs when: unknown.
    doc-ref: 32 - Container Transaction, section Action 3 - Spend
    seq:
      - id: uuid
        -orig-id: Uuid
        type: sm_common::uuid
        doc: The UUID of the item to remove from the container (le u128).
      - id: unknown
        -orig-id: Unknown
        type: u4
        doc: |
          Most likely the tool instance ID; assumed to be the same as in the Collect
          action.
      - id: quantity
        -orig-id: Quantity
        type: u2
        doc: The amount of items to remove from the container.
      - id: container_id
        -orig-id: Container ID
        type: u4
        doc: The ID of the container to remove the items from.
      - id: unknown_2
        -orig-id: Unknown
        type: u1
        doc: |
          Could possibly be related to the `mustSpendAll` parameter of `sm.container.spend`
          ("If true, only remove items if there are enough. If false, remove as many items
          as possible. Defaults to true.").
  action_collect_to_slot:
    doc: |
      Adds an item to the specified slot, up to the maximum stack size; the rest does not
      overflow to other slots. Calls `ContainerManager2.collectToSlot()`; never recorded,
      reverse engineered from the executable. Occurs when: unknown.
    doc-ref: 32 - Container Transaction, section Action 4 - Collect To Slot
    seq:
      - id: to_stack
        -orig-id: To
        type: item_stack
        doc: The item stack collected into the slot of the container.
      - id: unknown
        -orig-id: Unknown
        type: u1
        doc: |
          Could possibly be related to the `mustCollectAll` parameter of
          `sm.container.collectToSlot` ("If true, only add items if there is enough room.
          If false, add as many items as possible. Defaults to true.").
  action_collect_to_slot_or_collect:
    doc: |
      Adds an item to the specified slot; beyond the maximum stack size the rest overflows
      into following slots when possible. Occurs when dragging an item from the unlimited
      inventory backpack into a limited inventory container.
    doc-ref: 32 - Container Transaction, section Action 5 - Collect To Slot Or Collect
    seq:
      - id: to_stack
        -orig-id: To
        type: item_stack
        doc: The item stack collected into the slot of the container.
      - id: unknown
        -orig-id: Unknown
        type: u1
        doc: |
          Not known to be anything other than `0x00`. Could possibly be related to the
          `mustCollectAll` parameter of `sm.container.collectToSlot`.
  action_spend_from_slot:
    doc: |
      Removes an item from the specified slot. Occurs when dragging an item from a limited
      inventory container into the player's unlimited inventory backpack.
    doc-ref: 32 - Container Transaction, section Action 6 - Spend From Slot
    seq:
      - id: from_stack
        -orig-id: From
        type: item_stack
        doc: The item stack removed from the slot of the container.
      - id: unknown
        -orig-id: Unknown
        type: u1
        doc: |
          Not known to be anything other than `0x00`. Could possibly be related to the
          `mustSpendAll` parameter of `sm.container.spendFromSlot` ("If true, only remove
          items if there are enough. If false, remove as many items as possible. Defaults
          to true.").
  action_move:
    doc: |
      Moves an item stack to an empty slot, possibly of another container. With a limited
      inventory: dragging onto an empty slot, or shift-clicking between hotbar and
      backpack; with an unlimited one, only hotbar to empty hotbar slot while the backpack
      is open. Also the layout of actions outside 0..9 (Default Action).
    doc-ref:
      - 32 - Container Transaction, section Action 7 - Move
      - 32 - Container Transaction, section Default Action
    seq:
      - id: from_stack
        -orig-id: From
        type: item_stack
        doc: |
          The item stack of the moved item. Uuid: always nil; Tool Instance ID: always
          `0xFFFFFFFF`; Quantity: the amount of items moved, possibly less than the stack
          holds.
      - id: to_stack
        -orig-id: To
        type: item_stack
        doc: |
          The empty slot the moved item is moved to. Uuid: always nil; Tool Instance ID:
          always `0xFFFFFFFF`; Quantity: always `337`.
      - id: unknown
        -orig-id: Unknown
        type: u1
        doc: Not known to be anything other than `0x00`.
  action_move_from_slot:
    doc: |
      Moves the item stack of a slot to another container. Occurs when shift-clicking an
      item; both containers must be limited inventory containers.
    doc-ref: 32 - Container Transaction, section Action 8 - Move From Slot
    seq:
      - id: from_slot
        -orig-id: From Slot
        type: u2
        doc: The index of the slot to be moved to the other container.
      - id: from_container_id
        -orig-id: From Container ID
        type: u4
        doc: The ID of the container of the slot to be moved.
      - id: to_container_id
        -orig-id: To Container ID
        type: u4
        doc: The ID of the container to move the slot to.
  action_move_all:
    doc: |
      Moves all items from one container to another. Occurs when pressing "TAKE ALL" in
      the bag a player leaves behind when respawning after death.
    doc-ref: 32 - Container Transaction, section Action 9 - Move All
    seq:
      - id: from_container_id
        -orig-id: From Container ID
        type: u4
        doc: The ID of the container to move all items from.
      - id: to_container_id
        -orig-id: To Container ID
        type: u4
        doc: The ID of the container to move all items to.
enums:
  action:
    0:
      id: set_item
      -orig-id: Set Item
      doc: Sets a slot to an item stack.
    1:
      id: swap
      -orig-id: Swap
      doc: Swaps two item stacks.
    2:
      id: collect
      -orig-id: Collect
      doc: Adds an item to a container.
    3:
      id: spend
      -orig-id: Spend
      doc: Removes a quantity of an item from a container.
    4:
      id: collect_to_slot
      -orig-id: Collect To Slot
      doc: Adds an item to a slot, without overflow.
    5:
      id: collect_to_slot_or_collect
      -orig-id: Collect To Slot Or Collect
      doc: Adds an item to a slot, overflowing into following slots.
    6:
      id: spend_from_slot
      -orig-id: Spend From Slot
      doc: Removes an item from a slot.
    7:
      id: move
      -orig-id: Move
      doc: Moves an item stack to an empty slot; also how other values are treated.
    8:
      id: move_from_slot
      -orig-id: Move From Slot
      doc: Moves a slot's item stack to another container.
    9:
      id: move_all
      -orig-id: Move All
      doc: Moves all items from one container to another.
