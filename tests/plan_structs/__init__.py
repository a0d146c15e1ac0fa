"""Hand-written KaitaiStruct classes for the serializer's tests (tests/test_specialize.py),
in a package of their own whose `__init__` says what `wirestruct regen` writes into a
generated package's (see tools/regen.py, `package_init`): the serializer learns a class's
fields from there."""

#: class (``module:Qual.Name``) -> (parameters, sequence fields in spec order)
FIELDS = {
    "structs:Vector": ((), ("z", "x", "y")),
    "structs:Leaf": ((), ("first", "second")),
    "structs:Node": ((), ("value", "items", "child")),
}

ENUM_OF: dict = {}

EQUALS: dict = {}
