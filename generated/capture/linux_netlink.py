# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import linux_sll
from . import nflog
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class LinuxNetlink(KaitaiStruct):
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
    def __init__(self, _io, _parent=None, _root=None):
        super(LinuxNetlink, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

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
                _ = LinuxNetlink.Message(self._io.size() - self._io.pos(), self._io, self, self._root)
                self.messages.append(_)
                if  (((not (_.is_whole))) or (self._io.size() - self._io.pos() < 16)) :
                    break
                i += 1

        self.rest = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        if self._io.size() - self._io.pos() >= 16:
            pass
            for i in range(len(self.messages)):
                pass
                self.messages[i]._fetch_instances()



    class Message(KaitaiStruct):
        """One netlink message (struct nlmsghdr, then its body) and its padding.
        
        .. seealso::
           Source - https://man7.org/linux/man-pages/man7/netlink.7.html
        """
        def __init__(self, len_available, _io, _parent=None, _root=None):
            super(LinuxNetlink.Message, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.len_available = len_available
            self._read()

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
            else:
                pass
                self.body = self._io.read_bytes((self.len_message - 16 if self.is_whole else 0))
            if self.is_whole:
                pass
                self.padding = self._io.read_bytes(self.len_padding)



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


        @property
        def is_log_packet(self):
            """A netfilter log message carrying a packet."""
            if hasattr(self, '_m_is_log_packet'):
                return self._m_is_log_packet

            self._m_is_log_packet =  ((self._parent.family == LinuxNetlink.NetlinkFamily.netfilter) and (self.message_type == 1024) and (self.is_whole)) 
            return getattr(self, '_m_is_log_packet', None)

        @property
        def is_whole(self):
            """The length covers the header and stays within the frame."""
            if hasattr(self, '_m_is_whole'):
                return self._m_is_whole

            self._m_is_whole =  ((self.len_message >= 16) and (self.len_message <= self.len_available)) 
            return getattr(self, '_m_is_whole', None)

        @property
        def len_padding(self):
            if hasattr(self, '_m_len_padding'):
                return self._m_len_padding

            self._m_len_padding = ((4 - self.len_message % 4) % 4 if (4 - self.len_message % 4) % 4 <= self.len_available - self.len_message else self.len_available - self.len_message)
            return getattr(self, '_m_len_padding', None)



