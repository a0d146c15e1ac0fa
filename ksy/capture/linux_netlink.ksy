meta:
  id: linux_netlink
  title: Linux netlink capture (nlmon)
  application:
    - Linux nlmon devices
    - libpcap
    - tcpdump
    - Wireshark
  license: MIT
  ks-version: '0.11'
  imports:
    - linux_sll
    - nflog
  endian: le
  bit-endian: be
doc: |
  Link type 253: netlink messages captured on a Linux nlmon device, after the 16-byte
  cooked header (its protocol field is the netlink family). The messages are in the
  byte order of the capturing machine (little-endian for the usual x86 and ARM hosts, as
  read here). A netfilter log message (NFULNL_MSG_PACKET, which the NFLOG target sends)
  has the same body as a LINKTYPE_NFLOG record and is parsed as one, down to the logged
  packet; other messages stay bytes. A frame holds every message of one send or receive,
  often several (a batch of logged packets, a dump's replies). A message whose length is
  shorter than its header or runs past the frame ends the messages: it and what follows
  are `rest`, as are the last bytes when they are fewer than a header.
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_NETLINK.html
seq:
  - id: packet_type
    type: u2be
    enum: linux_sll::packet_type
  - id: arphrd_type
    type: u2be
    enum: linux_sll::arphrd_type
    doc: ARPHRD_NETLINK (824).
  - id: len_addr
    type: u2be
  - id: addr
    size: 8
  - id: family
    -orig-id: protocol
    type: u2be
    enum: netlink_family
    doc: The netlink family of the messages.
  - id: messages
    type: message(_io.size - _io.pos)
    repeat: until
    repeat-until: not _.is_whole or _io.size - _io.pos < 16
    if: _io.size - _io.pos >= 16
  - id: rest
    size-eos: true
    doc: |
      What follows the last whole message (see `message::is_whole`), not read: empty in
      a well-formed frame.
types:
  message:
    doc: One netlink message (struct nlmsghdr, then its body) and its padding.
    doc-ref: https://man7.org/linux/man-pages/man7/netlink.7.html
    params:
      - id: len_available
        type: u4
        doc: Bytes of the frame from the start of this message.
    seq:
      - id: len_message
        -orig-id: nlmsg_len
        type: u4
        doc: |
          Length of the message with this 16-byte header, without padding. One shorter
          than the header or longer than the frame makes the message not whole.
      - id: message_type
        -orig-id: nlmsg_type
        type: u2
        doc: For netfilter, the subsystem (high byte) and its message type.
      - id: flags
        -orig-id: nlmsg_flags
        type: u2
      - id: sequence
        -orig-id: nlmsg_seq
        type: u4
      - id: port_id
        -orig-id: nlmsg_pid
        type: u4
      - id: body
        size: 'is_whole ? len_message - 16 : 0'  # the length counts this header
        type:
          switch-on: is_log_packet
          cases:
            true: nflog
      - id: padding
        size: len_padding
        if: is_whole
        doc: Up to 3 bytes to a multiple of 4 (fewer when the frame ends first).
    instances:
      is_whole:
        value: len_message >= 16 and len_message <= len_available
        doc: The length covers the header and stays within the frame.
      len_padding:
        # to a multiple of 4, within the frame
        value: >-
          (4 - len_message % 4) % 4 <= len_available - len_message
            ? (4 - len_message % 4) % 4
            : len_available - len_message
      is_log_packet:
        # NFNL_SUBSYS_ULOG (4) << 8 | NFULNL_MSG_PACKET (0), in the netfilter family
        value: >-
          _parent.family == netlink_family::netfilter and message_type == 0x0400 and
          is_whole
        doc: A netfilter log message carrying a packet.
enums:
  netlink_family:
    0: route
    4: sock_diag
    9: audit
    12:
      id: netfilter
      -orig-id: NETLINK_NETFILTER
    15: kobject_uevent
    16: generic
