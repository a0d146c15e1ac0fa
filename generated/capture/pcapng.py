# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import link_frame
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Pcapng(KaitaiStruct):
    """A pcapng file: a sequence of blocks in one or more sections. Each section starts with a
    Section Header Block whose byte-order magic sets the byte order of every block up to
    the next section; Interface Description Blocks number the section's interfaces from 0
    and give each its link type and timestamp resolution; packet blocks refer to them.
    
    Blocks are parsed one after another, each told the byte order of its section and the
    link type of the section's interface 0, so that packets captured on interface 0 (all
    of them, in a single-interface capture) are parsed as frames. Packets of other
    interfaces keep their bytes here (the wirestruct runtime resolves every interface).
    Block types this spec does not describe keep their body as bytes.
    
    .. seealso::
       Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3
    """

    class BlockType(IntEnum):
        interface_description = 1
        packet = 2
        simple_packet = 3
        name_resolution = 4
        interface_statistics = 5
        enhanced_packet = 6
        systemd_journal_export = 9
        decryption_secrets = 10
        custom_copiable = 2989
        section_header = 168627466
        custom_not_copiable = 1073744813

    class ByteOrderMagic(IntEnum):
        big_endian = 439041101
        little_endian = 1295788826

    class InterfaceOption(IntEnum):
        opt_endofopt = 0
        opt_comment = 1
        if_name = 2
        if_description = 3
        if_ipv4addr = 4
        if_ipv6addr = 5
        if_macaddr = 6
        if_euiaddr = 7
        if_speed = 8
        if_tsresol = 9
        if_tzone = 10
        if_filter = 11
        if_os = 12
        if_fcslen = 13
        if_tsoffset = 14
        if_hardware = 15
        if_txspeed = 16
        if_rxspeed = 17
        if_iana_tzname = 18

    class PacketOption(IntEnum):
        opt_endofopt = 0
        opt_comment = 1
        epb_flags = 2
        epb_hash = 3
        epb_dropcount = 4
        epb_packetid = 5
        epb_queue = 6
        epb_verdict = 7

    class SectionOption(IntEnum):
        opt_endofopt = 0
        opt_comment = 1
        shb_hardware = 2
        shb_os = 3
        shb_userappl = 4
    def __init__(self, _io, _parent=None, _root=None):
        super(Pcapng, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.blocks = []
        i = 0
        while not self._io.is_eof():
            self.blocks.append(Pcapng.Block((True if i == 0 else self.blocks[i - 1].next_is_le), (0 if i == 0 else self.blocks[i - 1].next_num_interfaces), (0 if i == 0 else self.blocks[i - 1].next_first_link_type), self._io, self, self._root))
            i += 1



    def _fetch_instances(self):
        pass
        for i in range(len(self.blocks)):
            pass
            self.blocks[i]._fetch_instances()


    class Block(KaitaiStruct):
        """One block - head, body (routed by block type), trailing length.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3.1
        """
        def __init__(self, section_is_le, num_interfaces, first_link_type, _io, _parent=None, _root=None):
            super(Pcapng.Block, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.section_is_le = section_is_le
            self.num_interfaces = num_interfaces
            self.first_link_type = first_link_type
            self._read()

        def _read(self):
            self.head = Pcapng.BlockHead(self.section_is_le, self._io, self, self._root)
            _on = self.head.block_type
            if _on == Pcapng.BlockType.enhanced_packet:
                pass
                self._raw_body = self._io.read_bytes((self.head.len_block - self.head.len_head) - 4)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = Pcapng.EnhancedPacketBlock(self.head.is_le, self.num_interfaces, self.first_link_type, _io__raw_body, self, self._root)
            elif _on == Pcapng.BlockType.interface_description:
                pass
                self._raw_body = self._io.read_bytes((self.head.len_block - self.head.len_head) - 4)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = Pcapng.InterfaceDescriptionBlock(self.head.is_le, _io__raw_body, self, self._root)
            elif _on == Pcapng.BlockType.packet:
                pass
                self._raw_body = self._io.read_bytes((self.head.len_block - self.head.len_head) - 4)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = Pcapng.PacketBlock(self.head.is_le, self.num_interfaces, self.first_link_type, _io__raw_body, self, self._root)
            elif _on == Pcapng.BlockType.section_header:
                pass
                self._raw_body = self._io.read_bytes((self.head.len_block - self.head.len_head) - 4)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = Pcapng.SectionHeaderBlock(self.head.is_le, _io__raw_body, self, self._root)
            elif _on == Pcapng.BlockType.simple_packet:
                pass
                self._raw_body = self._io.read_bytes((self.head.len_block - self.head.len_head) - 4)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = Pcapng.SimplePacketBlock(self.head.is_le, self.num_interfaces, self.first_link_type, _io__raw_body, self, self._root)
            else:
                pass
                self.body = self._io.read_bytes((self.head.len_block - self.head.len_head) - 4)
            self.tail = Pcapng.BlockTail(self.head.is_le, self.head.len_block, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.head._fetch_instances()
            _on = self.head.block_type
            if _on == Pcapng.BlockType.enhanced_packet:
                pass
                self.body._fetch_instances()
            elif _on == Pcapng.BlockType.interface_description:
                pass
                self.body._fetch_instances()
            elif _on == Pcapng.BlockType.packet:
                pass
                self.body._fetch_instances()
            elif _on == Pcapng.BlockType.section_header:
                pass
                self.body._fetch_instances()
            elif _on == Pcapng.BlockType.simple_packet:
                pass
                self.body._fetch_instances()
            else:
                pass
            self.tail._fetch_instances()

        @property
        def next_first_link_type(self):
            if hasattr(self, '_m_next_first_link_type'):
                return self._m_next_first_link_type

            self._m_next_first_link_type = (0 if self.head.block_type == Pcapng.BlockType.section_header else (int(self.body.link_type) if  ((self.head.block_type == Pcapng.BlockType.interface_description) and (self.num_interfaces == 0))  else self.first_link_type))
            return getattr(self, '_m_next_first_link_type', None)

        @property
        def next_is_le(self):
            """Byte order for the block after this one."""
            if hasattr(self, '_m_next_is_le'):
                return self._m_next_is_le

            self._m_next_is_le = self.head.is_le
            return getattr(self, '_m_next_is_le', None)

        @property
        def next_num_interfaces(self):
            if hasattr(self, '_m_next_num_interfaces'):
                return self._m_next_num_interfaces

            self._m_next_num_interfaces = (0 if self.head.block_type == Pcapng.BlockType.section_header else (self.num_interfaces + 1 if self.head.block_type == Pcapng.BlockType.interface_description else self.num_interfaces))
            return getattr(self, '_m_next_num_interfaces', None)


    class BlockHead(KaitaiStruct):
        """Block Type and Block Total Length; for a Section Header Block also the byte-order
        magic, which must be read before the length can be.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.1
        """
        def __init__(self, section_is_le, _io, _parent=None, _root=None):
            super(Pcapng.BlockHead, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.section_is_le = section_is_le
            self._read()

        def _read(self):
            _on = self.section_is_le
            if _on == True:
                pass
                self._is_le = True
            elif _on == False:
                pass
                self._is_le = False
            if not hasattr(self, '_is_le'):
                raise kaitaistruct.UndecidedEndiannessError("/types/block_head")
            elif self._is_le == True:
                self._read_le()
            elif self._is_le == False:
                self._read_be()

        def _read_le(self):
            self.block_type = KaitaiStream.resolve_enum(Pcapng.BlockType, self._io.read_u4le())
            self.len_block_bytes = self._io.read_bytes(4)
            if self.block_type == Pcapng.BlockType.section_header:
                pass
                self.byte_order_magic = KaitaiStream.resolve_enum(Pcapng.ByteOrderMagic, self._io.read_u4be())
                if not  ((self.byte_order_magic == Pcapng.ByteOrderMagic.big_endian) or (self.byte_order_magic == Pcapng.ByteOrderMagic.little_endian)) :
                    raise kaitaistruct.ValidationNotAnyOfError(self.byte_order_magic, self._io, u"/types/block_head/seq/2")


        def _read_be(self):
            self.block_type = KaitaiStream.resolve_enum(Pcapng.BlockType, self._io.read_u4be())
            self.len_block_bytes = self._io.read_bytes(4)
            if self.block_type == Pcapng.BlockType.section_header:
                pass
                self.byte_order_magic = KaitaiStream.resolve_enum(Pcapng.ByteOrderMagic, self._io.read_u4be())
                if not  ((self.byte_order_magic == Pcapng.ByteOrderMagic.big_endian) or (self.byte_order_magic == Pcapng.ByteOrderMagic.little_endian)) :
                    raise kaitaistruct.ValidationNotAnyOfError(self.byte_order_magic, self._io, u"/types/block_head/seq/2")



        def _fetch_instances(self):
            pass
            if self.block_type == Pcapng.BlockType.section_header:
                pass


        @property
        def is_le(self):
            """Byte order of this block."""
            if hasattr(self, '_m_is_le'):
                return self._m_is_le

            self._m_is_le = (self.byte_order_magic == Pcapng.ByteOrderMagic.little_endian if self.block_type == Pcapng.BlockType.section_header else self.section_is_le)
            return getattr(self, '_m_is_le', None)

        @property
        def len_block(self):
            """Block Total Length as a number."""
            if hasattr(self, '_m_len_block'):
                return self._m_len_block

            self._m_len_block = (((KaitaiStream.byte_array_index(self.len_block_bytes, 0) + KaitaiStream.byte_array_index(self.len_block_bytes, 1) * 256) + KaitaiStream.byte_array_index(self.len_block_bytes, 2) * 65536) + KaitaiStream.byte_array_index(self.len_block_bytes, 3) * 16777216 if self.is_le else ((KaitaiStream.byte_array_index(self.len_block_bytes, 3) + KaitaiStream.byte_array_index(self.len_block_bytes, 2) * 256) + KaitaiStream.byte_array_index(self.len_block_bytes, 1) * 65536) + KaitaiStream.byte_array_index(self.len_block_bytes, 0) * 16777216)
            return getattr(self, '_m_len_block', None)

        @property
        def len_head(self):
            """Bytes of this head."""
            if hasattr(self, '_m_len_head'):
                return self._m_len_head

            self._m_len_head = (12 if self.block_type == Pcapng.BlockType.section_header else 8)
            return getattr(self, '_m_len_head', None)


    class BlockTail(KaitaiStruct):
        """The Block Total Length repeated at the end of the block.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3.1
        """
        def __init__(self, is_le, len_block_head, _io, _parent=None, _root=None):
            super(Pcapng.BlockTail, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_le = is_le
            self.len_block_head = len_block_head
            self._read()

        def _read(self):
            _on = self.is_le
            if _on == True:
                pass
                self._is_le = True
            elif _on == False:
                pass
                self._is_le = False
            if not hasattr(self, '_is_le'):
                raise kaitaistruct.UndecidedEndiannessError("/types/block_tail")
            elif self._is_le == True:
                self._read_le()
            elif self._is_le == False:
                self._read_be()

        def _read_le(self):
            self.len_block = self._io.read_u4le()
            if not self.len_block == self.len_block_head:
                raise kaitaistruct.ValidationNotEqualError(self.len_block_head, self.len_block, self._io, u"/types/block_tail/seq/0")

        def _read_be(self):
            self.len_block = self._io.read_u4be()
            if not self.len_block == self.len_block_head:
                raise kaitaistruct.ValidationNotEqualError(self.len_block_head, self.len_block, self._io, u"/types/block_tail/seq/0")


        def _fetch_instances(self):
            pass


    class EnhancedPacketBlock(KaitaiStruct):
        """Enhanced Packet Block - one packet with its interface and timestamp.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.3
        """
        def __init__(self, is_le, num_interfaces, first_link_type, _io, _parent=None, _root=None):
            super(Pcapng.EnhancedPacketBlock, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_le = is_le
            self.num_interfaces = num_interfaces
            self.first_link_type = first_link_type
            self._read()

        def _read(self):
            _on = self.is_le
            if _on == True:
                pass
                self._is_le = True
            elif _on == False:
                pass
                self._is_le = False
            if not hasattr(self, '_is_le'):
                raise kaitaistruct.UndecidedEndiannessError("/types/enhanced_packet_block")
            elif self._is_le == True:
                self._read_le()
            elif self._is_le == False:
                self._read_be()

        def _read_le(self):
            self.interface_id = self._io.read_u4le()
            self.timestamp_high = self._io.read_u4le()
            self.timestamp_low = self._io.read_u4le()
            self.len_packet_data = self._io.read_u4le()
            self.original_packet_length = self._io.read_u4le()
            _on =  ((self.interface_id == 0) and (self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
            if _on == True:
                pass
                self._raw_packet_data = self._io.read_bytes(self.len_packet_data)
                _io__raw_packet_data = KaitaiStream(BytesIO(self._raw_packet_data))
                self.packet_data = link_frame.LinkFrame(self.first_link_type, _io__raw_packet_data)
            else:
                pass
                self.packet_data = self._io.read_bytes(self.len_packet_data)
            self.padding = self._io.read_bytes((4 - self.len_packet_data % 4) % 4)
            self.options = []
            i = 0
            while not self._io.is_eof():
                self.options.append(Pcapng.Option(self.is_le, Pcapng.BlockType.enhanced_packet, self._io, self, self._root))
                i += 1


        def _read_be(self):
            self.interface_id = self._io.read_u4be()
            self.timestamp_high = self._io.read_u4be()
            self.timestamp_low = self._io.read_u4be()
            self.len_packet_data = self._io.read_u4be()
            self.original_packet_length = self._io.read_u4be()
            _on =  ((self.interface_id == 0) and (self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
            if _on == True:
                pass
                self._raw_packet_data = self._io.read_bytes(self.len_packet_data)
                _io__raw_packet_data = KaitaiStream(BytesIO(self._raw_packet_data))
                self.packet_data = link_frame.LinkFrame(self.first_link_type, _io__raw_packet_data)
            else:
                pass
                self.packet_data = self._io.read_bytes(self.len_packet_data)
            self.padding = self._io.read_bytes((4 - self.len_packet_data % 4) % 4)
            self.options = []
            i = 0
            while not self._io.is_eof():
                self.options.append(Pcapng.Option(self.is_le, Pcapng.BlockType.enhanced_packet, self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            _on =  ((self.interface_id == 0) and (self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
            if _on == True:
                pass
                self.packet_data._fetch_instances()
            else:
                pass
            for i in range(len(self.options)):
                pass
                self.options[i]._fetch_instances()


        @property
        def timestamp(self):
            """The 64-bit timestamp in units of the interface's resolution, exact in Python.
            Nanosecond timestamps exceed 2^53, so JavaScript (the Web IDE) may show this
            value rounded; `timestamp_high` and `timestamp_low` are exact.
            """
            if hasattr(self, '_m_timestamp'):
                return self._m_timestamp

            self._m_timestamp = self.timestamp_high * 4294967296 + self.timestamp_low
            return getattr(self, '_m_timestamp', None)


    class InterfaceDescriptionBlock(KaitaiStruct):
        """Interface Description Block; interfaces are numbered from 0 in section order.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.2
        """
        def __init__(self, is_le, _io, _parent=None, _root=None):
            super(Pcapng.InterfaceDescriptionBlock, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_le = is_le
            self._read()

        def _read(self):
            _on = self.is_le
            if _on == True:
                pass
                self._is_le = True
            elif _on == False:
                pass
                self._is_le = False
            if not hasattr(self, '_is_le'):
                raise kaitaistruct.UndecidedEndiannessError("/types/interface_description_block")
            elif self._is_le == True:
                self._read_le()
            elif self._is_le == False:
                self._read_be()

        def _read_le(self):
            self.link_type = KaitaiStream.resolve_enum(link_frame.LinkFrame.LinkType, self._io.read_u2le())
            self.reserved = self._io.read_u2le()
            self.snaplen = self._io.read_u4le()
            self.options = []
            i = 0
            while not self._io.is_eof():
                self.options.append(Pcapng.Option(self.is_le, Pcapng.BlockType.interface_description, self._io, self, self._root))
                i += 1


        def _read_be(self):
            self.link_type = KaitaiStream.resolve_enum(link_frame.LinkFrame.LinkType, self._io.read_u2be())
            self.reserved = self._io.read_u2be()
            self.snaplen = self._io.read_u4be()
            self.options = []
            i = 0
            while not self._io.is_eof():
                self.options.append(Pcapng.Option(self.is_le, Pcapng.BlockType.interface_description, self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.options)):
                pass
                self.options[i]._fetch_instances()



    class Option(KaitaiStruct):
        """One option (code, length, value, padding to 32 bits).
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3.5
        """
        def __init__(self, is_le, block_type, _io, _parent=None, _root=None):
            super(Pcapng.Option, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_le = is_le
            self.block_type = block_type
            self._read()

        def _read(self):
            _on = self.is_le
            if _on == True:
                pass
                self._is_le = True
            elif _on == False:
                pass
                self._is_le = False
            if not hasattr(self, '_is_le'):
                raise kaitaistruct.UndecidedEndiannessError("/types/option")
            elif self._is_le == True:
                self._read_le()
            elif self._is_le == False:
                self._read_be()

        def _read_le(self):
            self.code = self._io.read_u2le()
            self.len_value = self._io.read_u2le()
            self.value = self._io.read_bytes(self.len_value)
            self.padding = self._io.read_bytes((4 - self.len_value % 4) % 4)

        def _read_be(self):
            self.code = self._io.read_u2be()
            self.len_value = self._io.read_u2be()
            self.value = self._io.read_bytes(self.len_value)
            self.padding = self._io.read_bytes((4 - self.len_value % 4) % 4)


        def _fetch_instances(self):
            pass

        @property
        def interface_option(self):
            if hasattr(self, '_m_interface_option'):
                return self._m_interface_option

            if self.block_type == Pcapng.BlockType.interface_description:
                pass
                self._m_interface_option = KaitaiStream.resolve_enum(Pcapng.InterfaceOption, self.code)

            return getattr(self, '_m_interface_option', None)

        @property
        def packet_option(self):
            if hasattr(self, '_m_packet_option'):
                return self._m_packet_option

            if self.block_type == Pcapng.BlockType.enhanced_packet:
                pass
                self._m_packet_option = KaitaiStream.resolve_enum(Pcapng.PacketOption, self.code)

            return getattr(self, '_m_packet_option', None)

        @property
        def section_option(self):
            if hasattr(self, '_m_section_option'):
                return self._m_section_option

            if self.block_type == Pcapng.BlockType.section_header:
                pass
                self._m_section_option = KaitaiStream.resolve_enum(Pcapng.SectionOption, self.code)

            return getattr(self, '_m_section_option', None)


    class PacketBlock(KaitaiStruct):
        """Packet Block - the obsolete form of the Enhanced Packet Block, which old writers
        still produce: a 16-bit interface number and a drop count where the Enhanced Packet
        Block has a 32-bit interface number.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#appendix-A
        """
        def __init__(self, is_le, num_interfaces, first_link_type, _io, _parent=None, _root=None):
            super(Pcapng.PacketBlock, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_le = is_le
            self.num_interfaces = num_interfaces
            self.first_link_type = first_link_type
            self._read()

        def _read(self):
            _on = self.is_le
            if _on == True:
                pass
                self._is_le = True
            elif _on == False:
                pass
                self._is_le = False
            if not hasattr(self, '_is_le'):
                raise kaitaistruct.UndecidedEndiannessError("/types/packet_block")
            elif self._is_le == True:
                self._read_le()
            elif self._is_le == False:
                self._read_be()

        def _read_le(self):
            self.interface_id = self._io.read_u2le()
            self.drops_count = self._io.read_u2le()
            self.timestamp_high = self._io.read_u4le()
            self.timestamp_low = self._io.read_u4le()
            self.len_packet_data = self._io.read_u4le()
            self.original_packet_length = self._io.read_u4le()
            _on =  ((self.interface_id == 0) and (self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
            if _on == True:
                pass
                self._raw_packet_data = self._io.read_bytes(self.len_packet_data)
                _io__raw_packet_data = KaitaiStream(BytesIO(self._raw_packet_data))
                self.packet_data = link_frame.LinkFrame(self.first_link_type, _io__raw_packet_data)
            else:
                pass
                self.packet_data = self._io.read_bytes(self.len_packet_data)
            self.padding = self._io.read_bytes((4 - self.len_packet_data % 4) % 4)
            self.options = []
            i = 0
            while not self._io.is_eof():
                self.options.append(Pcapng.Option(self.is_le, Pcapng.BlockType.packet, self._io, self, self._root))
                i += 1


        def _read_be(self):
            self.interface_id = self._io.read_u2be()
            self.drops_count = self._io.read_u2be()
            self.timestamp_high = self._io.read_u4be()
            self.timestamp_low = self._io.read_u4be()
            self.len_packet_data = self._io.read_u4be()
            self.original_packet_length = self._io.read_u4be()
            _on =  ((self.interface_id == 0) and (self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
            if _on == True:
                pass
                self._raw_packet_data = self._io.read_bytes(self.len_packet_data)
                _io__raw_packet_data = KaitaiStream(BytesIO(self._raw_packet_data))
                self.packet_data = link_frame.LinkFrame(self.first_link_type, _io__raw_packet_data)
            else:
                pass
                self.packet_data = self._io.read_bytes(self.len_packet_data)
            self.padding = self._io.read_bytes((4 - self.len_packet_data % 4) % 4)
            self.options = []
            i = 0
            while not self._io.is_eof():
                self.options.append(Pcapng.Option(self.is_le, Pcapng.BlockType.packet, self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            _on =  ((self.interface_id == 0) and (self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
            if _on == True:
                pass
                self.packet_data._fetch_instances()
            else:
                pass
            for i in range(len(self.options)):
                pass
                self.options[i]._fetch_instances()


        @property
        def timestamp(self):
            """The 64-bit timestamp in units of the interface's resolution, exact in Python."""
            if hasattr(self, '_m_timestamp'):
                return self._m_timestamp

            self._m_timestamp = self.timestamp_high * 4294967296 + self.timestamp_low
            return getattr(self, '_m_timestamp', None)


    class SectionHeaderBlock(KaitaiStruct):
        """Section Header Block body, after the byte-order magic.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.1
        """
        def __init__(self, is_le, _io, _parent=None, _root=None):
            super(Pcapng.SectionHeaderBlock, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_le = is_le
            self._read()

        def _read(self):
            _on = self.is_le
            if _on == True:
                pass
                self._is_le = True
            elif _on == False:
                pass
                self._is_le = False
            if not hasattr(self, '_is_le'):
                raise kaitaistruct.UndecidedEndiannessError("/types/section_header_block")
            elif self._is_le == True:
                self._read_le()
            elif self._is_le == False:
                self._read_be()

        def _read_le(self):
            self.major_version = self._io.read_u2le()
            if not self.major_version == 1:
                raise kaitaistruct.ValidationNotEqualError(1, self.major_version, self._io, u"/types/section_header_block/seq/0")
            self.minor_version = self._io.read_u2le()
            self.section_length_bytes = self._io.read_bytes(8)
            self.options = []
            i = 0
            while not self._io.is_eof():
                self.options.append(Pcapng.Option(self.is_le, Pcapng.BlockType.section_header, self._io, self, self._root))
                i += 1


        def _read_be(self):
            self.major_version = self._io.read_u2be()
            if not self.major_version == 1:
                raise kaitaistruct.ValidationNotEqualError(1, self.major_version, self._io, u"/types/section_header_block/seq/0")
            self.minor_version = self._io.read_u2be()
            self.section_length_bytes = self._io.read_bytes(8)
            self.options = []
            i = 0
            while not self._io.is_eof():
                self.options.append(Pcapng.Option(self.is_le, Pcapng.BlockType.section_header, self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.options)):
                pass
                self.options[i]._fetch_instances()

            _ = self.section_length_high
            if hasattr(self, '_m_section_length_high'):
                pass

            _ = self.section_length_low
            if hasattr(self, '_m_section_length_low'):
                pass


        @property
        def section_length(self):
            """Bytes in the section after this block, or -1 when not given; exact in Python,
            JavaScript may round values beyond 2^53.
            """
            if hasattr(self, '_m_section_length'):
                return self._m_section_length

            self._m_section_length = self.section_length_high * 4294967296 + self.section_length_low
            return getattr(self, '_m_section_length', None)

        @property
        def section_length_high(self):
            """Upper 32 bits of Section Length, signed."""
            if hasattr(self, '_m_section_length_high'):
                return self._m_section_length_high

            _pos = self._io.pos()
            self._io.seek((8 if self.is_le else 4))
            if self._is_le:
                self._m_section_length_high = self._io.read_s4le()
            else:
                self._m_section_length_high = self._io.read_s4be()
            self._io.seek(_pos)
            return getattr(self, '_m_section_length_high', None)

        @property
        def section_length_low(self):
            """Lower 32 bits of Section Length."""
            if hasattr(self, '_m_section_length_low'):
                return self._m_section_length_low

            _pos = self._io.pos()
            self._io.seek((4 if self.is_le else 8))
            if self._is_le:
                self._m_section_length_low = self._io.read_u4le()
            else:
                self._m_section_length_low = self._io.read_u4be()
            self._io.seek(_pos)
            return getattr(self, '_m_section_length_low', None)


    class SimplePacketBlock(KaitaiStruct):
        """Simple Packet Block - one packet of interface 0 with no timestamp. Its stored length
        is the smaller of the original length and the bytes the block holds.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.4
        """
        def __init__(self, is_le, num_interfaces, first_link_type, _io, _parent=None, _root=None):
            super(Pcapng.SimplePacketBlock, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_le = is_le
            self.num_interfaces = num_interfaces
            self.first_link_type = first_link_type
            self._read()

        def _read(self):
            _on = self.is_le
            if _on == True:
                pass
                self._is_le = True
            elif _on == False:
                pass
                self._is_le = False
            if not hasattr(self, '_is_le'):
                raise kaitaistruct.UndecidedEndiannessError("/types/simple_packet_block")
            elif self._is_le == True:
                self._read_le()
            elif self._is_le == False:
                self._read_be()

        def _read_le(self):
            self.original_packet_length = self._io.read_u4le()
            _on =  ((self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
            if _on == True:
                pass
                self._raw_packet_data = self._io.read_bytes(self.len_packet_data)
                _io__raw_packet_data = KaitaiStream(BytesIO(self._raw_packet_data))
                self.packet_data = link_frame.LinkFrame(self.first_link_type, _io__raw_packet_data)
            else:
                pass
                self.packet_data = self._io.read_bytes(self.len_packet_data)

        def _read_be(self):
            self.original_packet_length = self._io.read_u4be()
            _on =  ((self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
            if _on == True:
                pass
                self._raw_packet_data = self._io.read_bytes(self.len_packet_data)
                _io__raw_packet_data = KaitaiStream(BytesIO(self._raw_packet_data))
                self.packet_data = link_frame.LinkFrame(self.first_link_type, _io__raw_packet_data)
            else:
                pass
                self.packet_data = self._io.read_bytes(self.len_packet_data)


        def _fetch_instances(self):
            pass
            _on =  ((self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
            if _on == True:
                pass
                self.packet_data._fetch_instances()
            else:
                pass

        @property
        def len_packet_data(self):
            """Bytes of the packet stored here."""
            if hasattr(self, '_m_len_packet_data'):
                return self._m_len_packet_data

            self._m_len_packet_data = (self.original_packet_length if self.original_packet_length < self._io.size() - 4 else self._io.size() - 4)
            return getattr(self, '_m_len_packet_data', None)



