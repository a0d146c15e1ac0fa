# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmContainerTransaction(ReadWriteKaitaiStruct):
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
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmContainerTransaction, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.num_transactions = self._io.read_u4be()
        if self.num_transactions >= 1:
            pass
            self.transaction = SmContainerTransaction.Transaction(self._io, self, self._root)
            self.transaction._read()

        if self.num_transactions >= 2:
            pass
            self.more_transactions = []
            for i in range(self.num_transactions - 1):
                _t_more_transactions = SmContainerTransaction.Transaction(self._io, self, self._root)
                try:
                    _t_more_transactions._read()
                finally:
                    self.more_transactions.append(_t_more_transactions)


        self._dirty = False


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




    def _write__seq(self, io=None):
        super(SmContainerTransaction, self)._write__seq(io)
        self._io.write_u4be(self.num_transactions)
        if self.num_transactions >= 1:
            pass
            self.transaction._write__seq(self._io)

        if self.num_transactions >= 2:
            pass
            for i in range(len(self.more_transactions)):
                pass
                self.more_transactions[i]._write__seq(self._io)




    def _check(self):
        if self.num_transactions >= 1:
            pass
            if self.transaction._root != self._root:
                raise kaitaistruct.ConsistencyError(u"transaction", self._root, self.transaction._root)
            if self.transaction._parent != self:
                raise kaitaistruct.ConsistencyError(u"transaction", self, self.transaction._parent)

        if self.num_transactions >= 2:
            pass
            if len(self.more_transactions) != self.num_transactions - 1:
                raise kaitaistruct.ConsistencyError(u"more_transactions", self.num_transactions - 1, len(self.more_transactions))
            for i in range(len(self.more_transactions)):
                pass
                if self.more_transactions[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"more_transactions", self._root, self.more_transactions[i]._root)
                if self.more_transactions[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"more_transactions", self, self.more_transactions[i]._parent)


        self._dirty = False

    class ActionCollect(ReadWriteKaitaiStruct):
        """Adds an item to the container. Occurs when holding shift while clicking on an item
        in the player's unlimited inventory backpack.
        
        .. seealso::
           32 - Container Transaction, section Action 2 - Collect
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ActionCollect, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.uuid = sm_common.SmCommon.Uuid(self._io)
            self.uuid._read()
            self.unknown = self._io.read_u4be()
            self.quantity = self._io.read_u2be()
            self.container_id = self._io.read_u4be()
            self.unknown_2 = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.uuid._fetch_instances()


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ActionCollect, self)._write__seq(io)
            self.uuid._write__seq(self._io)
            self._io.write_u4be(self.unknown)
            self._io.write_u2be(self.quantity)
            self._io.write_u4be(self.container_id)
            self._io.write_u1(self.unknown_2)


        def _check(self):
            self._dirty = False


    class ActionCollectToSlot(ReadWriteKaitaiStruct):
        """Adds an item to the specified slot, up to the maximum stack size; the rest does not
        overflow to other slots. Calls `ContainerManager2.collectToSlot()`; never recorded,
        reverse engineered from the executable. Occurs when: unknown.
        
        .. seealso::
           32 - Container Transaction, section Action 4 - Collect To Slot
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ActionCollectToSlot, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.to_stack._read()
            self.unknown = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.to_stack._fetch_instances()


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ActionCollectToSlot, self)._write__seq(io)
            self.to_stack._write__seq(self._io)
            self._io.write_u1(self.unknown)


        def _check(self):
            if self.to_stack._root != self._root:
                raise kaitaistruct.ConsistencyError(u"to_stack", self._root, self.to_stack._root)
            if self.to_stack._parent != self:
                raise kaitaistruct.ConsistencyError(u"to_stack", self, self.to_stack._parent)
            self._dirty = False


    class ActionCollectToSlotOrCollect(ReadWriteKaitaiStruct):
        """Adds an item to the specified slot; beyond the maximum stack size the rest overflows
        into following slots when possible. Occurs when dragging an item from the unlimited
        inventory backpack into a limited inventory container.
        
        .. seealso::
           32 - Container Transaction, section Action 5 - Collect To Slot Or Collect
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ActionCollectToSlotOrCollect, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.to_stack._read()
            self.unknown = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.to_stack._fetch_instances()


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ActionCollectToSlotOrCollect, self)._write__seq(io)
            self.to_stack._write__seq(self._io)
            self._io.write_u1(self.unknown)


        def _check(self):
            if self.to_stack._root != self._root:
                raise kaitaistruct.ConsistencyError(u"to_stack", self._root, self.to_stack._root)
            if self.to_stack._parent != self:
                raise kaitaistruct.ConsistencyError(u"to_stack", self, self.to_stack._parent)
            self._dirty = False


    class ActionMove(ReadWriteKaitaiStruct):
        """Moves an item stack to an empty slot, possibly of another container. With a limited
        inventory: dragging onto an empty slot, or shift-clicking between hotbar and
        backpack; with an unlimited one, only hotbar to empty hotbar slot while the backpack
        is open. Also the layout of actions outside 0..9 (Default Action).
        
        .. seealso::
           32 - Container Transaction, section Action 7 - Move
        
        
        .. seealso::
           32 - Container Transaction, section Default Action
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ActionMove, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.from_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.from_stack._read()
            self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.to_stack._read()
            self.unknown = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.from_stack._fetch_instances()
            self.to_stack._fetch_instances()


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ActionMove, self)._write__seq(io)
            self.from_stack._write__seq(self._io)
            self.to_stack._write__seq(self._io)
            self._io.write_u1(self.unknown)


        def _check(self):
            if self.from_stack._root != self._root:
                raise kaitaistruct.ConsistencyError(u"from_stack", self._root, self.from_stack._root)
            if self.from_stack._parent != self:
                raise kaitaistruct.ConsistencyError(u"from_stack", self, self.from_stack._parent)
            if self.to_stack._root != self._root:
                raise kaitaistruct.ConsistencyError(u"to_stack", self._root, self.to_stack._root)
            if self.to_stack._parent != self:
                raise kaitaistruct.ConsistencyError(u"to_stack", self, self.to_stack._parent)
            self._dirty = False


    class ActionMoveAll(ReadWriteKaitaiStruct):
        """Moves all items from one container to another. Occurs when pressing "TAKE ALL" in
        the bag a player leaves behind when respawning after death.
        
        .. seealso::
           32 - Container Transaction, section Action 9 - Move All
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ActionMoveAll, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.from_container_id = self._io.read_u4be()
            self.to_container_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ActionMoveAll, self)._write__seq(io)
            self._io.write_u4be(self.from_container_id)
            self._io.write_u4be(self.to_container_id)


        def _check(self):
            self._dirty = False


    class ActionMoveFromSlot(ReadWriteKaitaiStruct):
        """Moves the item stack of a slot to another container. Occurs when shift-clicking an
        item; both containers must be limited inventory containers.
        
        .. seealso::
           32 - Container Transaction, section Action 8 - Move From Slot
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ActionMoveFromSlot, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.from_slot = self._io.read_u2be()
            self.from_container_id = self._io.read_u4be()
            self.to_container_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ActionMoveFromSlot, self)._write__seq(io)
            self._io.write_u2be(self.from_slot)
            self._io.write_u4be(self.from_container_id)
            self._io.write_u4be(self.to_container_id)


        def _check(self):
            self._dirty = False


    class ActionSetItem(ReadWriteKaitaiStruct):
        """Sets the item in the specified slot in the container to the item stack. Occurs when
        adding an item from the unlimited inventory into the hotbar, by dragging or
        shift-clicking.
        
        .. seealso::
           32 - Container Transaction, section Action 0 - Set Item
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ActionSetItem, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.to_stack._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.to_stack._fetch_instances()


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ActionSetItem, self)._write__seq(io)
            self.to_stack._write__seq(self._io)


        def _check(self):
            if self.to_stack._root != self._root:
                raise kaitaistruct.ConsistencyError(u"to_stack", self._root, self.to_stack._root)
            if self.to_stack._parent != self:
                raise kaitaistruct.ConsistencyError(u"to_stack", self, self.to_stack._parent)
            self._dirty = False


    class ActionSpend(ReadWriteKaitaiStruct):
        """Removes a quantity of a given item from a container. Calls `ContainerManager2.spend()`;
        never recorded, reverse engineered from the executable. Occurs when: unknown.
        
        .. seealso::
           32 - Container Transaction, section Action 3 - Spend
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ActionSpend, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.uuid = sm_common.SmCommon.Uuid(self._io)
            self.uuid._read()
            self.unknown = self._io.read_u4be()
            self.quantity = self._io.read_u2be()
            self.container_id = self._io.read_u4be()
            self.unknown_2 = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.uuid._fetch_instances()


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ActionSpend, self)._write__seq(io)
            self.uuid._write__seq(self._io)
            self._io.write_u4be(self.unknown)
            self._io.write_u2be(self.quantity)
            self._io.write_u4be(self.container_id)
            self._io.write_u1(self.unknown_2)


        def _check(self):
            self._dirty = False


    class ActionSpendFromSlot(ReadWriteKaitaiStruct):
        """Removes an item from the specified slot. Occurs when dragging an item from a limited
        inventory container into the player's unlimited inventory backpack.
        
        .. seealso::
           32 - Container Transaction, section Action 6 - Spend From Slot
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ActionSpendFromSlot, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.from_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.from_stack._read()
            self.unknown = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.from_stack._fetch_instances()


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ActionSpendFromSlot, self)._write__seq(io)
            self.from_stack._write__seq(self._io)
            self._io.write_u1(self.unknown)


        def _check(self):
            if self.from_stack._root != self._root:
                raise kaitaistruct.ConsistencyError(u"from_stack", self._root, self.from_stack._root)
            if self.from_stack._parent != self:
                raise kaitaistruct.ConsistencyError(u"from_stack", self, self.from_stack._parent)
            self._dirty = False


    class ActionSwap(ReadWriteKaitaiStruct):
        """Swaps two item stacks, possibly in two containers. Occurs when dragging an item onto
        another item; both containers are unlimited or both limited inventories (otherwise
        Spend From Slot is used).
        
        .. seealso::
           32 - Container Transaction, section Action 1 - Swap
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ActionSwap, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.from_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.from_stack._read()
            self.to_stack = SmContainerTransaction.ItemStack(self._io, self, self._root)
            self.to_stack._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.from_stack._fetch_instances()
            self.to_stack._fetch_instances()


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ActionSwap, self)._write__seq(io)
            self.from_stack._write__seq(self._io)
            self.to_stack._write__seq(self._io)


        def _check(self):
            if self.from_stack._root != self._root:
                raise kaitaistruct.ConsistencyError(u"from_stack", self._root, self.from_stack._root)
            if self.from_stack._parent != self:
                raise kaitaistruct.ConsistencyError(u"from_stack", self, self.from_stack._parent)
            if self.to_stack._root != self._root:
                raise kaitaistruct.ConsistencyError(u"to_stack", self._root, self.to_stack._root)
            if self.to_stack._parent != self:
                raise kaitaistruct.ConsistencyError(u"to_stack", self, self.to_stack._parent)
            self._dirty = False


    class ItemStack(ReadWriteKaitaiStruct):
        """All information about an item and where it is located in which container; used by
        most transactions.
        
        .. seealso::
           32 - Container Transaction, section ItemStack
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.ItemStack, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.uuid = sm_common.SmCommon.Uuid(self._io)
            self.uuid._read()
            self.tool_instance_id = self._io.read_u4be()
            self.quantity = self._io.read_u2be()
            self.slot = self._io.read_u2be()
            self.container_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.uuid._fetch_instances()


        def _write__seq(self, io=None):
            super(SmContainerTransaction.ItemStack, self)._write__seq(io)
            self.uuid._write__seq(self._io)
            self._io.write_u4be(self.tool_instance_id)
            self._io.write_u2be(self.quantity)
            self._io.write_u2be(self.slot)
            self._io.write_u4be(self.container_id)


        def _check(self):
            self._dirty = False


    class Transaction(ReadWriteKaitaiStruct):
        """One transaction; every Action has its own structure.
        
        .. seealso::
           32 - Container Transaction, section Transaction
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmContainerTransaction.Transaction, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.action = KaitaiStream.resolve_enum(SmContainerTransaction.Action, self._io.read_u1())
            _on = self.action
            if _on == SmContainerTransaction.Action.collect:
                pass
                self.data = SmContainerTransaction.ActionCollect(self._io, self, self._root)
                self.data._read()
            elif _on == SmContainerTransaction.Action.collect_to_slot:
                pass
                self.data = SmContainerTransaction.ActionCollectToSlot(self._io, self, self._root)
                self.data._read()
            elif _on == SmContainerTransaction.Action.collect_to_slot_or_collect:
                pass
                self.data = SmContainerTransaction.ActionCollectToSlotOrCollect(self._io, self, self._root)
                self.data._read()
            elif _on == SmContainerTransaction.Action.move:
                pass
                self.data = SmContainerTransaction.ActionMove(self._io, self, self._root)
                self.data._read()
            elif _on == SmContainerTransaction.Action.move_all:
                pass
                self.data = SmContainerTransaction.ActionMoveAll(self._io, self, self._root)
                self.data._read()
            elif _on == SmContainerTransaction.Action.move_from_slot:
                pass
                self.data = SmContainerTransaction.ActionMoveFromSlot(self._io, self, self._root)
                self.data._read()
            elif _on == SmContainerTransaction.Action.set_item:
                pass
                self.data = SmContainerTransaction.ActionSetItem(self._io, self, self._root)
                self.data._read()
            elif _on == SmContainerTransaction.Action.spend:
                pass
                self.data = SmContainerTransaction.ActionSpend(self._io, self, self._root)
                self.data._read()
            elif _on == SmContainerTransaction.Action.spend_from_slot:
                pass
                self.data = SmContainerTransaction.ActionSpendFromSlot(self._io, self, self._root)
                self.data._read()
            elif _on == SmContainerTransaction.Action.swap:
                pass
                self.data = SmContainerTransaction.ActionSwap(self._io, self, self._root)
                self.data._read()
            else:
                pass
                self.data = SmContainerTransaction.ActionMove(self._io, self, self._root)
                self.data._read()
            self._dirty = False


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


        def _write__seq(self, io=None):
            super(SmContainerTransaction.Transaction, self)._write__seq(io)
            self._io.write_u1(int(self.action))
            _on = self.action
            if _on == SmContainerTransaction.Action.collect:
                pass
                self.data._write__seq(self._io)
            elif _on == SmContainerTransaction.Action.collect_to_slot:
                pass
                self.data._write__seq(self._io)
            elif _on == SmContainerTransaction.Action.collect_to_slot_or_collect:
                pass
                self.data._write__seq(self._io)
            elif _on == SmContainerTransaction.Action.move:
                pass
                self.data._write__seq(self._io)
            elif _on == SmContainerTransaction.Action.move_all:
                pass
                self.data._write__seq(self._io)
            elif _on == SmContainerTransaction.Action.move_from_slot:
                pass
                self.data._write__seq(self._io)
            elif _on == SmContainerTransaction.Action.set_item:
                pass
                self.data._write__seq(self._io)
            elif _on == SmContainerTransaction.Action.spend:
                pass
                self.data._write__seq(self._io)
            elif _on == SmContainerTransaction.Action.spend_from_slot:
                pass
                self.data._write__seq(self._io)
            elif _on == SmContainerTransaction.Action.swap:
                pass
                self.data._write__seq(self._io)
            else:
                pass
                self.data._write__seq(self._io)


        def _check(self):
            _on = self.action
            if _on == SmContainerTransaction.Action.collect:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == SmContainerTransaction.Action.collect_to_slot:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == SmContainerTransaction.Action.collect_to_slot_or_collect:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == SmContainerTransaction.Action.move:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == SmContainerTransaction.Action.move_all:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == SmContainerTransaction.Action.move_from_slot:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == SmContainerTransaction.Action.set_item:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == SmContainerTransaction.Action.spend:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == SmContainerTransaction.Action.spend_from_slot:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == SmContainerTransaction.Action.swap:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            else:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            self._dirty = False



