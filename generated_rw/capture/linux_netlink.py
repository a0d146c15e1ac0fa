# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import linux_sll
from . import nflog
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class LinuxNetlink(ReadWriteKaitaiStruct):
    """Link type 253: netlink messages captured on a Linux nlmon device, after the 16-byte
    cooked header (its protocol field is the netlink family). The messages are in the
    byte order of the capturing machine (little-endian for the usual x86 and ARM hosts, as
    read here). A netfilter log message (NFULNL_MSG_PACKET, which the NFLOG target sends)
    has the same body as a LINKTYPE_NFLOG record and is parsed as one, down to the logged
    packet; other messages stay bytes. A frame holds every message of one send or receive,
    often several (a batch of logged packets, a dump's replies). A message whose length is
    shorter than its header or runs past the frame ends the messages: it and what follows
    are `rest`, as are the last bytes when they are fewer than a header.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_NETLINK.html
    """

    class NetlinkFamily(IntEnum):
        route = 0
        sock_diag = 4
        audit = 9
        netfilter = 12
        kobject_uevent = 15
        generic = 16
    def __init__(self, _io=None, _parent=None, _root=None):
        super(LinuxNetlink, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.packet_type = KaitaiStream.resolve_enum(linux_sll.LinuxSll.PacketType, self._io.read_u2be())
        self.arphrd_type = KaitaiStream.resolve_enum(linux_sll.LinuxSll.ArphrdType, self._io.read_u2be())
        self.len_addr = self._io.read_u2be()
        self.addr = self._io.read_bytes(8)
        self.family = KaitaiStream.resolve_enum(LinuxNetlink.NetlinkFamily, self._io.read_u2be())
        if self._io.size() - self._io.pos() >= 16:
            pass
            self.messages = []
            i = 0
            while True:
                _t_messages = LinuxNetlink.Message(self._io.size() - self._io.pos(), self._io, self, self._root)
                try:
                    _t_messages._read()
                finally:
                    _ = _t_messages
                    self.messages.append(_)
                if  (((not (_.is_whole))) or (self._io.size() - self._io.pos() < 16)) :
                    break
                i += 1

        self.rest = self._io.read_bytes_full()
        self._dirty = False


    def _fetch_instances(self):
        pass
        if self._io.size() - self._io.pos() >= 16:
            pass
            for i in range(len(self.messages)):
                pass
                self.messages[i]._fetch_instances()




    def _write__seq(self, io=None):
        super(LinuxNetlink, self)._write__seq(io)
        self._io.write_u2be(int(self.packet_type))
        self._io.write_u2be(int(self.arphrd_type))
        self._io.write_u2be(self.len_addr)
        self._io.write_bytes(self.addr)
        self._io.write_u2be(int(self.family))
        if self._io.size() - self._io.pos() >= 16:
            pass
            if len(self.messages) == 0:
                raise kaitaistruct.ConsistencyError(u"messages", 0, len(self.messages))
            for i in range(len(self.messages)):
                pass
                if self.messages[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"messages", self._root, self.messages[i]._root)
                if self.messages[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"messages", self, self.messages[i]._parent)
                if self.messages[i].len_available != self._io.size() - self._io.pos():
                    raise kaitaistruct.ConsistencyError(u"messages", self._io.size() - self._io.pos(), self.messages[i].len_available)
                self.messages[i]._write__seq(self._io)
                _ = self.messages[i]
                if  (((not (_.is_whole))) or (self._io.size() - self._io.pos() < 16))  != (i == len(self.messages) - 1):
                    raise kaitaistruct.ConsistencyError(u"messages", i == len(self.messages) - 1,  (((not (_.is_whole))) or (self._io.size() - self._io.pos() < 16)) )


        self._io.write_bytes(self.rest)
        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"rest", 0, self._io.size() - self._io.pos())


    def _check(self):
        if len(self.addr) != 8:
            raise kaitaistruct.ConsistencyError(u"addr", 8, len(self.addr))
        self._dirty = False

    class Message(ReadWriteKaitaiStruct):
        """One netlink message (struct nlmsghdr, then its body) and its padding.
        
        .. seealso::
           Source - https://man7.org/linux/man-pages/man7/netlink.7.html
        """
        def __init__(self, len_available, _io=None, _parent=None, _root=None):
            super(LinuxNetlink.Message, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.len_available = len_available

        def _read(self):
            self.len_message = self._io.read_u4le()
            self.message_type = self._io.read_u2le()
            self.flags = self._io.read_u2le()
            self.sequence = self._io.read_u4le()
            self.port_id = self._io.read_u4le()
            _on = self.is_log_packet
            if _on == True:
                pass
                self._raw_body = self._io.read_bytes((self.len_message - 16 if self.is_whole else 0))
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = nflog.Nflog(_io__raw_body)
                self.body._read()
            else:
                pass
                self.body = self._io.read_bytes((self.len_message - 16 if self.is_whole else 0))
            if self.is_whole:
                pass
                self.padding = self._io.read_bytes(self.len_padding)

            self._dirty = False


        def _fetch_instances(self):
            pass
            _on = self.is_log_packet
            if _on == True:
                pass
                self.body._fetch_instances()
            else:
                pass
            if self.is_whole:
                pass



        def _write__seq(self, io=None):
            super(LinuxNetlink.Message, self)._write__seq(io)
            self._io.write_u4le(self.len_message)
            self._io.write_u2le(self.message_type)
            self._io.write_u2le(self.flags)
            self._io.write_u4le(self.sequence)
            self._io.write_u4le(self.port_id)
            _on = self.is_log_packet
            if _on == True:
                pass
                _io__raw_body = KaitaiStream(BytesIO(bytearray((self.len_message - 16 if self.is_whole else 0))))
                self._io.add_child_stream(_io__raw_body)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + ((self.len_message - 16 if self.is_whole else 0)))
                def handler(parent, _io__raw_body=_io__raw_body):
                    self._raw_body = _io__raw_body.to_byte_array()
                    if len(self._raw_body) != (self.len_message - 16 if self.is_whole else 0):
                        raise kaitaistruct.ConsistencyError(u"raw(body)", (self.len_message - 16 if self.is_whole else 0), len(self._raw_body))
                    parent.write_bytes(self._raw_body)
                _io__raw_body.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.body._write__seq(_io__raw_body)
            else:
                pass
                self._io.write_bytes(self.body)
            if self.is_whole:
                pass
                self._io.write_bytes(self.padding)



        def _check(self):
            _on = self.is_log_packet
            if _on == True:
                pass
            else:
                pass
                if len(self.body) != (self.len_message - 16 if self.is_whole else 0):
                    raise kaitaistruct.ConsistencyError(u"body", (self.len_message - 16 if self.is_whole else 0), len(self.body))
            if self.is_whole:
                pass
                if len(self.padding) != self.len_padding:
                    raise kaitaistruct.ConsistencyError(u"padding", self.len_padding, len(self.padding))

            self._dirty = False

        @property
        def is_log_packet(self):
            """A netfilter log message carrying a packet."""
            if hasattr(self, '_m_is_log_packet'):
                return self._m_is_log_packet

            self._m_is_log_packet =  ((self._parent.family == LinuxNetlink.NetlinkFamily.netfilter) and (self.message_type == 1024) and (self.is_whole)) 
            return getattr(self, '_m_is_log_packet', None)

        def _invalidate_is_log_packet(self):
            del self._m_is_log_packet
        @property
        def is_whole(self):
            """The length covers the header and stays within the frame."""
            if hasattr(self, '_m_is_whole'):
                return self._m_is_whole

            self._m_is_whole =  ((self.len_message >= 16) and (self.len_message <= self.len_available)) 
            return getattr(self, '_m_is_whole', None)

        def _invalidate_is_whole(self):
            del self._m_is_whole
        @property
        def len_padding(self):
            if hasattr(self, '_m_len_padding'):
                return self._m_len_padding

            self._m_len_padding = ((4 - self.len_message % 4) % 4 if (4 - self.len_message % 4) % 4 <= self.len_available - self.len_message else self.len_available - self.len_message)
            return getattr(self, '_m_len_padding', None)

        def _invalidate_len_padding(self):
            del self._m_len_padding


