-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")
local enum = require("enum")

-- 
-- The body of a 32 Container Transaction packet after LZ4 decompression (Client ->
-- Server): sent when the player interacts with items inside of containers. The page is a
-- work in progress.
-- 
-- A Transaction Count of 0 means no transaction at all (an item picked up and released
-- in the same slot; bearings and controllers sometimes give a Swap with itself instead).
-- A count of 1, the most common case, means one transaction. A count of 2 has been seen
-- only for containers with a filter: the first transaction works like normal, the second
-- has an Action ID that seems unrelated to anything (deterministic per item, e.g. 2 for
-- Gasoline, 87 for a Battery); no sense is made of its data. Other counts have not been
-- seen.
-- 
-- Decision: every transaction of the count is parsed with the same layout, the first in
-- `transaction`, the others in `more_transactions`. The page says a second transaction
-- "seems to follow the same format" but that no sense is made of its data, so its
-- fields are read as the layout says without a claim that they mean what they mean in a
-- first transaction; its Action ID, when outside 0..9, takes the Default Action (Move)
-- layout, as every transaction does (the game treats other Actions as a Move).
-- See also: 32 - Container Transaction, section Structure
SmContainerTransaction = class.class(KaitaiStruct)

SmContainerTransaction.Action = enum.Enum {
  set_item = 0,
  swap = 1,
  collect = 2,
  spend = 3,
  collect_to_slot = 4,
  collect_to_slot_or_collect = 5,
  spend_from_slot = 6,
  move = 7,
  move_from_slot = 8,
  move_all = 9,
}

function SmContainerTransaction:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmContainerTransaction:_read()
  self.num_transactions = self._io:read_u4be()
  if self.num_transactions >= 1 then
    self.transaction = SmContainerTransaction.Transaction(self._io, self, self._root)
  end
  if self.num_transactions >= 2 then
    self.more_transactions = {}
    for i = 0, self.num_transactions - 1 - 1 do
      self.more_transactions[i + 1] = SmContainerTransaction.Transaction(self._io, self, self._root)
    end
  end
end

-- 
-- How many transactions are in the transaction array. Sizes `0` and `1` are
-- documented. Size `2` seems to follow the same format, but no sense is made of the
-- data.
-- 
-- The first transaction of the transaction array (present for a count of 1 or more).
-- 
-- The second and later transactions of the array, in the same format as the first
-- (present for a count of 2 or more). Caveat from the page: a second transaction has
-- been seen only for containers with a filter, with an Action ID that seems unrelated
-- to anything (deterministic per item, e.g. 2 for Gasoline, 87 for a Battery); it
-- "seems to follow the same format", but no sense is made of its data.
-- When writing, give `num_transactions - 1` transactions.

-- 
-- Adds an item to the container. Occurs when holding shift while clicking on an item
-- in the player's unlimited inventory backpack.
-- See also: 32 - Container Transaction, section Action 2 - Collect
SmContainerTransaction.ActionCollect = class.class(KaitaiStruct)

function SmContainerTransaction.ActionCollect:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ActionCollect:_read()
  self.uuid = SmCommon.Uuid(self._io)
  self.unknown = self._io:read_u4be()
  self.quantity = self._io:read_u2be()
  self.container_id = self._io:read_u4be()
  self.unknown_2 = self._io:read_u1()
end

-- 
-- The UUID of the item to add to the container (le u128).
-- 
-- Most likely the tool instance ID, but it is always `0xFFFFFFFF`, even for tools;
-- `sm.container.collect` takes no parameter that could give this value.
-- 
-- The amount of items to add to the container.
-- 
-- The ID of the container to add the items to.
-- 
-- Not known to be anything other than `0x80`. Could possibly be related to the
-- `mustCollectAll` parameter of `sm.container.collect` ("Must collect all items for
-- the transaction to be valid. Defaults to true."). (`0x80` is a set first bit in
-- the BitStream's order.)

-- 
-- Adds an item to the specified slot, up to the maximum stack size; the rest does not
-- overflow to other slots. Calls `ContainerManager2.collectToSlot()`; never recorded,
-- reverse engineered from the executable. Occurs when: unknown.
-- See also: 32 - Container Transaction, section Action 4 - Collect To Slot
SmContainerTransaction.ActionCollectToSlot = class.class(KaitaiStruct)

function SmContainerTransaction.ActionCollectToSlot:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ActionCollectToSlot:_read()
  self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
  self.unknown = self._io:read_u1()
end

-- 
-- The item stack collected into the slot of the container.
-- 
-- Could possibly be related to the `mustCollectAll` parameter of
-- `sm.container.collectToSlot` ("If true, only add items if there is enough room.
-- If false, add as many items as possible. Defaults to true.").

-- 
-- Adds an item to the specified slot; beyond the maximum stack size the rest overflows
-- into following slots when possible. Occurs when dragging an item from the unlimited
-- inventory backpack into a limited inventory container.
-- See also: 32 - Container Transaction, section Action 5 - Collect To Slot Or Collect
SmContainerTransaction.ActionCollectToSlotOrCollect = class.class(KaitaiStruct)

function SmContainerTransaction.ActionCollectToSlotOrCollect:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ActionCollectToSlotOrCollect:_read()
  self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
  self.unknown = self._io:read_u1()
end

-- 
-- The item stack collected into the slot of the container.
-- 
-- Not known to be anything other than `0x00`. Could possibly be related to the
-- `mustCollectAll` parameter of `sm.container.collectToSlot`.

-- 
-- Moves an item stack to an empty slot, possibly of another container. With a limited
-- inventory: dragging onto an empty slot, or shift-clicking between hotbar and
-- backpack; with an unlimited one, only hotbar to empty hotbar slot while the backpack
-- is open. Also the layout of actions outside 0..9 (Default Action).
-- See also: 32 - Container Transaction, section Action 7 - Move
-- See also: 32 - Container Transaction, section Default Action
SmContainerTransaction.ActionMove = class.class(KaitaiStruct)

function SmContainerTransaction.ActionMove:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ActionMove:_read()
  self.from_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
  self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
  self.unknown = self._io:read_u1()
end

-- 
-- The item stack of the moved item. Uuid: always nil; Tool Instance ID: always
-- `0xFFFFFFFF`; Quantity: the amount of items moved, possibly less than the stack
-- holds.
-- 
-- The empty slot the moved item is moved to. Uuid: always nil; Tool Instance ID:
-- always `0xFFFFFFFF`; Quantity: always `337`.
-- 
-- Not known to be anything other than `0x00`.

-- 
-- Moves all items from one container to another. Occurs when pressing "TAKE ALL" in
-- the bag a player leaves behind when respawning after death.
-- See also: 32 - Container Transaction, section Action 9 - Move All
SmContainerTransaction.ActionMoveAll = class.class(KaitaiStruct)

function SmContainerTransaction.ActionMoveAll:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ActionMoveAll:_read()
  self.from_container_id = self._io:read_u4be()
  self.to_container_id = self._io:read_u4be()
end

-- 
-- The ID of the container to move all items from.
-- 
-- The ID of the container to move all items to.

-- 
-- Moves the item stack of a slot to another container. Occurs when shift-clicking an
-- item; both containers must be limited inventory containers.
-- See also: 32 - Container Transaction, section Action 8 - Move From Slot
SmContainerTransaction.ActionMoveFromSlot = class.class(KaitaiStruct)

function SmContainerTransaction.ActionMoveFromSlot:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ActionMoveFromSlot:_read()
  self.from_slot = self._io:read_u2be()
  self.from_container_id = self._io:read_u4be()
  self.to_container_id = self._io:read_u4be()
end

-- 
-- The index of the slot to be moved to the other container.
-- 
-- The ID of the container of the slot to be moved.
-- 
-- The ID of the container to move the slot to.

-- 
-- Sets the item in the specified slot in the container to the item stack. Occurs when
-- adding an item from the unlimited inventory into the hotbar, by dragging or
-- shift-clicking.
-- See also: 32 - Container Transaction, section Action 0 - Set Item
SmContainerTransaction.ActionSetItem = class.class(KaitaiStruct)

function SmContainerTransaction.ActionSetItem:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ActionSetItem:_read()
  self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
end

-- 
-- The item stack to set the slot in the container to.

-- 
-- Removes a quantity of a given item from a container. Calls `ContainerManager2.spend()`;
-- never recorded, reverse engineered from the executable. Occurs when: unknown.
-- See also: 32 - Container Transaction, section Action 3 - Spend
SmContainerTransaction.ActionSpend = class.class(KaitaiStruct)

function SmContainerTransaction.ActionSpend:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ActionSpend:_read()
  self.uuid = SmCommon.Uuid(self._io)
  self.unknown = self._io:read_u4be()
  self.quantity = self._io:read_u2be()
  self.container_id = self._io:read_u4be()
  self.unknown_2 = self._io:read_u1()
end

-- 
-- The UUID of the item to remove from the container (le u128).
-- 
-- Most likely the tool instance ID; assumed to be the same as in the Collect
-- action.
-- 
-- The amount of items to remove from the container.
-- 
-- The ID of the container to remove the items from.
-- 
-- Could possibly be related to the `mustSpendAll` parameter of `sm.container.spend`
-- ("If true, only remove items if there are enough. If false, remove as many items
-- as possible. Defaults to true.").

-- 
-- Removes an item from the specified slot. Occurs when dragging an item from a limited
-- inventory container into the player's unlimited inventory backpack.
-- See also: 32 - Container Transaction, section Action 6 - Spend From Slot
SmContainerTransaction.ActionSpendFromSlot = class.class(KaitaiStruct)

function SmContainerTransaction.ActionSpendFromSlot:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ActionSpendFromSlot:_read()
  self.from_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
  self.unknown = self._io:read_u1()
end

-- 
-- The item stack removed from the slot of the container.
-- 
-- Not known to be anything other than `0x00`. Could possibly be related to the
-- `mustSpendAll` parameter of `sm.container.spendFromSlot` ("If true, only remove
-- items if there are enough. If false, remove as many items as possible. Defaults
-- to true.").

-- 
-- Swaps two item stacks, possibly in two containers. Occurs when dragging an item onto
-- another item; both containers are unlimited or both limited inventories (otherwise
-- Spend From Slot is used).
-- See also: 32 - Container Transaction, section Action 1 - Swap
SmContainerTransaction.ActionSwap = class.class(KaitaiStruct)

function SmContainerTransaction.ActionSwap:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ActionSwap:_read()
  self.from_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
  self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
end

-- 
-- The item stack of the dragged item. Uuid: always nil; Tool Instance ID: always
-- `0xFFFFFFFF`; Quantity: always `0`.
-- 
-- The item stack the dragged item is dropped onto. Uuid: always nil; Tool Instance
-- ID: always `0xFFFFFFFF`; Quantity: always `456`.

-- 
-- All information about an item and where it is located in which container; used by
-- most transactions.
-- See also: 32 - Container Transaction, section ItemStack
SmContainerTransaction.ItemStack = class.class(KaitaiStruct)

function SmContainerTransaction.ItemStack:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.ItemStack:_read()
  self.uuid = SmCommon.Uuid(self._io)
  self.tool_instance_id = self._io:read_u4be()
  self.quantity = self._io:read_u2be()
  self.slot = self._io:read_u2be()
  self.container_id = self._io:read_u4be()
end

-- 
-- The UUID of the item (le u128: the text's bytes reversed); the nil UUID when
-- there is none. (The page's note, copied from 31, says "newly equiped item".)
-- 
-- The instance ID of the tool. Always `0xFFFFFFFF` for items that are not tools or
-- when there is no item.
-- 
-- The amount of items in the item stack.
-- 
-- The index of slot in the container the item stack is located in.
-- 
-- The ID of the container the item stack is in.

-- 
-- One transaction; every Action has its own structure.
-- See also: 32 - Container Transaction, section Transaction
SmContainerTransaction.Transaction = class.class(KaitaiStruct)

function SmContainerTransaction.Transaction:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmContainerTransaction.Transaction:_read()
  self.action = SmContainerTransaction.Action(self._io:read_u1())
  local _on = self.action
  if _on == SmContainerTransaction.Action.collect then
    self.data = SmContainerTransaction.ActionCollect(self._io, self, self._root)
  elseif _on == SmContainerTransaction.Action.collect_to_slot then
    self.data = SmContainerTransaction.ActionCollectToSlot(self._io, self, self._root)
  elseif _on == SmContainerTransaction.Action.collect_to_slot_or_collect then
    self.data = SmContainerTransaction.ActionCollectToSlotOrCollect(self._io, self, self._root)
  elseif _on == SmContainerTransaction.Action.move then
    self.data = SmContainerTransaction.ActionMove(self._io, self, self._root)
  elseif _on == SmContainerTransaction.Action.move_all then
    self.data = SmContainerTransaction.ActionMoveAll(self._io, self, self._root)
  elseif _on == SmContainerTransaction.Action.move_from_slot then
    self.data = SmContainerTransaction.ActionMoveFromSlot(self._io, self, self._root)
  elseif _on == SmContainerTransaction.Action.set_item then
    self.data = SmContainerTransaction.ActionSetItem(self._io, self, self._root)
  elseif _on == SmContainerTransaction.Action.spend then
    self.data = SmContainerTransaction.ActionSpend(self._io, self, self._root)
  elseif _on == SmContainerTransaction.Action.spend_from_slot then
    self.data = SmContainerTransaction.ActionSpendFromSlot(self._io, self, self._root)
  elseif _on == SmContainerTransaction.Action.swap then
    self.data = SmContainerTransaction.ActionSwap(self._io, self, self._root)
  else
    self.data = SmContainerTransaction.ActionMove(self._io, self, self._root)
  end
end

-- 
-- The type of the transaction.
-- 
-- The data of the action. This depends on the value of Action; other values are
-- read as Move (Default Action).

