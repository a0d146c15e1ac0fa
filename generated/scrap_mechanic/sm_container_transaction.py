# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmContainerTransaction(KaitaiStruct):
    """The body of a 32 Container Transaction packet after LZ4 decompression (Client ->
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
    
    .. seealso::
       32 - Container Transaction, section Structure
    """

    class Action(IntEnum):
        set_item = 0
        swap = 1
        collect = 2
        spend = 3
        collect_to_slot = 4
        collect_to_slot_or_collect = 5
        spend_from_slot = 6
        move = 7
        move_from_slot = 8
        move_all = 9
    def __init__(self, _io, _parent=None, _root=None):
        super(SmContainerTransaction, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.num_transactions = self._io.read_u4be()
        if self.num_transactions >= 1:
            pass
            self.transaction = SmContainerTransaction.Transaction(self._io, self, self._root)

        if self.num_transactions >= 2:
            pass
            self.more_transactions = []
            for i in range(self.num_transactions - 1):
                self.more_transactions.append(SmContainerTransaction.Transaction(self._io, self, self._root))




    def _fetch_instances(self):
        pass
        if self.num_transactions >= 1:
            pass
            self.transaction._fetch_instances()

        if self.num_transactions >= 2:
            pass
            for i in range(len(self.more_transactions)):
                pass
                self.more_transactions[i]._fetch_instances()



    class ActionCollect(KaitaiStruct):
        """Adds an item to the container. Occurs when holding shift while clicking on an item
        in the player's unlimited inventory backpack.
        
        .. seealso::
           32 - Container Transaction, section Action 2 - Collect
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ActionCollect, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.uuid = sm_common.SmCommon.Uuid(self._io)
            self.unknown = self._io.read_u4be()
            self.quantity = self._io.read_u2be()
            self.container_id = self._io.read_u4be()
            self.unknown_2 = self._io.read_u1()


        def _fetch_instances(self):
            pass
            self.uuid._fetch_instances()


    class ActionCollectToSlot(KaitaiStruct):
        """Adds an item to the specified slot, up to the maximum stack size; the rest does not
        overflow to other slots. Calls `ContainerManager2.collectToSlot()`; never recorded,
        reverse engineered from the executable. Occurs when: unknown.
        
        .. seealso::
           32 - Container Transaction, section Action 4 - Collect To Slot
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ActionCollectToSlot, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.unknown = self._io.read_u1()


        def _fetch_instances(self):
            pass
            self.to_stack._fetch_instances()


    class ActionCollectToSlotOrCollect(KaitaiStruct):
        """Adds an item to the specified slot; beyond the maximum stack size the rest overflows
        into following slots when possible. Occurs when dragging an item from the unlimited
        inventory backpack into a limited inventory container.
        
        .. seealso::
           32 - Container Transaction, section Action 5 - Collect To Slot Or Collect
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ActionCollectToSlotOrCollect, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.unknown = self._io.read_u1()


        def _fetch_instances(self):
            pass
            self.to_stack._fetch_instances()


    class ActionMove(KaitaiStruct):
        """Moves an item stack to an empty slot, possibly of another container. With a limited
        inventory: dragging onto an empty slot, or shift-clicking between hotbar and
        backpack; with an unlimited one, only hotbar to empty hotbar slot while the backpack
        is open. Also the layout of actions outside 0..9 (Default Action).
        
        .. seealso::
           32 - Container Transaction, section Action 7 - Move
        
        
        .. seealso::
           32 - Container Transaction, section Default Action
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ActionMove, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.from_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.unknown = self._io.read_u1()


        def _fetch_instances(self):
            pass
            self.from_stack._fetch_instances()
            self.to_stack._fetch_instances()


    class ActionMoveAll(KaitaiStruct):
        """Moves all items from one container to another. Occurs when pressing "TAKE ALL" in
        the bag a player leaves behind when respawning after death.
        
        .. seealso::
           32 - Container Transaction, section Action 9 - Move All
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ActionMoveAll, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.from_container_id = self._io.read_u4be()
            self.to_container_id = self._io.read_u4be()


        def _fetch_instances(self):
            pass


    class ActionMoveFromSlot(KaitaiStruct):
        """Moves the item stack of a slot to another container. Occurs when shift-clicking an
        item; both containers must be limited inventory containers.
        
        .. seealso::
           32 - Container Transaction, section Action 8 - Move From Slot
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ActionMoveFromSlot, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.from_slot = self._io.read_u2be()
            self.from_container_id = self._io.read_u4be()
            self.to_container_id = self._io.read_u4be()


        def _fetch_instances(self):
            pass


    class ActionSetItem(KaitaiStruct):
        """Sets the item in the specified slot in the container to the item stack. Occurs when
        adding an item from the unlimited inventory into the hotbar, by dragging or
        shift-clicking.
        
        .. seealso::
           32 - Container Transaction, section Action 0 - Set Item
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ActionSetItem, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.to_stack._fetch_instances()


    class ActionSpend(KaitaiStruct):
        """Removes a quantity of a given item from a container. Calls `ContainerManager2.spend()`;
        never recorded, reverse engineered from the executable. Occurs when: unknown.
        
        .. seealso::
           32 - Container Transaction, section Action 3 - Spend
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ActionSpend, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.uuid = sm_common.SmCommon.Uuid(self._io)
            self.unknown = self._io.read_u4be()
            self.quantity = self._io.read_u2be()
            self.container_id = self._io.read_u4be()
            self.unknown_2 = self._io.read_u1()


        def _fetch_instances(self):
            pass
            self.uuid._fetch_instances()


    class ActionSpendFromSlot(KaitaiStruct):
        """Removes an item from the specified slot. Occurs when dragging an item from a limited
        inventory container into the player's unlimited inventory backpack.
        
        .. seealso::
           32 - Container Transaction, section Action 6 - Spend From Slot
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ActionSpendFromSlot, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.from_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.unknown = self._io.read_u1()


        def _fetch_instances(self):
            pass
            self.from_stack._fetch_instances()


    class ActionSwap(KaitaiStruct):
        """Swaps two item stacks, possibly in two containers. Occurs when dragging an item onto
        another item; both containers are unlimited or both limited inventories (otherwise
        Spend From Slot is used).
        
        .. seealso::
           32 - Container Transaction, section Action 1 - Swap
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ActionSwap, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.from_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.from_stack._fetch_instances()
            self.to_stack._fetch_instances()


    class ItemStack(KaitaiStruct):
        """All information about an item and where it is located in which container; used by
        most transactions.
        
        .. seealso::
           32 - Container Transaction, section ItemStack
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.ItemStack, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.uuid = sm_common.SmCommon.Uuid(self._io)
            self.tool_instance_id = self._io.read_u4be()
            self.quantity = self._io.read_u2be()
            self.slot = self._io.read_u2be()
            self.container_id = self._io.read_u4be()


        def _fetch_instances(self):
            pass
            self.uuid._fetch_instances()


    class Transaction(KaitaiStruct):
        """One transaction; every Action has its own structure.
        
        .. seealso::
           32 - Container Transaction, section Transaction
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmContainerTransaction.Transaction, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.action = KaitaiStream.resolve_enum(SmContainerTransaction.Action, self._io.read_u1())
            _on = self.action
            if _on == SmContainerTransaction.Action.collect:
                pass
                self.data = SmContainerTransaction.ActionCollect(self._io, self, self._root)
            elif _on == SmContainerTransaction.Action.collect_to_slot:
                pass
                self.data = SmContainerTransaction.ActionCollectToSlot(self._io, self, self._root)
            elif _on == SmContainerTransaction.Action.collect_to_slot_or_collect:
                pass
                self.data = SmContainerTransaction.ActionCollectToSlotOrCollect(self._io, self, self._root)
            elif _on == SmContainerTransaction.Action.move:
                pass
                self.data = SmContainerTransaction.ActionMove(self._io, self, self._root)
            elif _on == SmContainerTransaction.Action.move_all:
                pass
                self.data = SmContainerTransaction.ActionMoveAll(self._io, self, self._root)
            elif _on == SmContainerTransaction.Action.move_from_slot:
                pass
                self.data = SmContainerTransaction.ActionMoveFromSlot(self._io, self, self._root)
            elif _on == SmContainerTransaction.Action.set_item:
                pass
                self.data = SmContainerTransaction.ActionSetItem(self._io, self, self._root)
            elif _on == SmContainerTransaction.Action.spend:
                pass
                self.data = SmContainerTransaction.ActionSpend(self._io, self, self._root)
            elif _on == SmContainerTransaction.Action.spend_from_slot:
                pass
                self.data = SmContainerTransaction.ActionSpendFromSlot(self._io, self, self._root)
            elif _on == SmContainerTransaction.Action.swap:
                pass
                self.data = SmContainerTransaction.ActionSwap(self._io, self, self._root)
            else:
                pass
                self.data = SmContainerTransaction.ActionMove(self._io, self, self._root)


        def _fetch_instances(self):
            pass
            _on = self.action
            if _on == SmContainerTransaction.Action.collect:
                pass
                self.data._fetch_instances()
            elif _on == SmContainerTransaction.Action.collect_to_slot:
                pass
                self.data._fetch_instances()
            elif _on == SmContainerTransaction.Action.collect_to_slot_or_collect:
                pass
                self.data._fetch_instances()
            elif _on == SmContainerTransaction.Action.move:
                pass
                self.data._fetch_instances()
            elif _on == SmContainerTransaction.Action.move_all:
                pass
                self.data._fetch_instances()
            elif _on == SmContainerTransaction.Action.move_from_slot:
                pass
                self.data._fetch_instances()
            elif _on == SmContainerTransaction.Action.set_item:
                pass
                self.data._fetch_instances()
            elif _on == SmContainerTransaction.Action.spend:
                pass
                self.data._fetch_instances()
            elif _on == SmContainerTransaction.Action.spend_from_slot:
                pass
                self.data._fetch_instances()
            elif _on == SmContainerTransaction.Action.swap:
                pass
                self.data._fetch_instances()
            else:
                pass
                self.data._fetch_instances()



