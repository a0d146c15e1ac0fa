meta:
  id: ieee802_11_frame
  title: IEEE 802.11 frame (data frames parsed)
  application:
    - wireless LAN cards in monitor mode
    - libpcap
    - tcpdump
    - Wireshark
  xref:
    wikidata: Q754294
  license: MIT
  ks-version: '0.11'
  imports:
    - llc_snap
  endian: le
  bit-endian: be
doc: |
  An IEEE 802.11 MAC frame as capture files store it (link type 105, and inside radiotap
  and PPI headers): the frame control field, then, for data frames, the duration, the
  three or four addresses, the sequence control, the QoS and HT control fields when
  present, and the body, which an unencrypted data frame carries as an LLC/SNAP header
  and the packet. Management and control frames, encrypted bodies and A-MSDUs stay
  bytes. The frame check sequence, when the capture kept it, is the last 4 bytes.
doc-ref: IEEE 802.11-2020 section 9.2 (MAC frame formats)
params:
  - id: has_fcs
    type: bool
    doc: The frame ends with its 4-byte frame check sequence.
  - id: has_data_pad
    type: bool
    doc: |
      The capture padded the header of a data frame to a multiple of 4 bytes before its
      body (radiotap's Flags field, bit 0x20, which some drivers set).
seq:
  - id: subtype
    type: b4
    doc: Frame subtype; for data frames 0 is Data, 8 QoS Data, 4 and 12 carry no body.
  - id: frame_type
    -orig-id: Type
    type: b2
    enum: frame_type
  - id: protocol_version
    type: b2
    doc: |
      0 for the frames of IEEE 802.11-2020 section 9.2; 1 for the short frames of
      802.11ah (S1G), whose header is not read (their bodies stay bytes), like the
      reserved versions 2 and 3.
  - id: order
    type: b1
    doc: In a QoS data frame, an HT Control field follows the QoS Control field.
  - id: is_protected
    -orig-id: Protected Frame
    type: b1
    doc: The body is encrypted.
  - id: more_data
    type: b1
  - id: power_management
    type: b1
  - id: retry
    type: b1
  - id: more_fragments
    type: b1
  - id: from_ds
    -orig-id: From DS
    type: b1
    doc: Sent by the distribution system (an access point to a station).
  - id: to_ds
    -orig-id: To DS
    type: b1
    doc: Sent to the distribution system (a station to an access point).
  - id: duration
    type: u2
    doc: Duration/ID.
  - id: header
    type: data_header
    if: is_data and protocol_version == 0
  - id: body
    size: '_io.size - _io.pos - (has_fcs ? 4 : 0)'
    type:
      switch-on: carries_llc
      cases:
        true: llc_snap
    doc: An unencrypted data frame's LLC header and packet; otherwise bytes.
  - id: fcs
    -orig-id: FCS
    size: 4
    if: has_fcs
    doc: The frame check sequence (CRC-32), not checked here.
instances:
  is_data:
    value: frame_type == frame_type::data
    doc: A data frame (whose header is read when the protocol version is 0).
  is_qos:
    value: is_data and subtype / 8 % 2 != 0
  carries_llc:
    # Data and QoS Data, not encrypted, not an A-MSDU (QoS Control bit 7)
    value: >-
      is_data and protocol_version == 0 and (subtype == 0 or subtype == 8) and
      not is_protected and not (is_qos and header.is_amsdu)
types:
  data_header:
    doc: The addresses and control fields of a data frame after the duration.
    doc-ref: IEEE 802.11-2020 section 9.3.2.1
    seq:
      - id: addr1
        size: 6
        doc: Receiver address.
      - id: addr2
        size: 6
        doc: Transmitter address.
      - id: addr3
        size: 6
        doc: The third address (BSSID, source or destination, by To DS / From DS).
      - id: sequence_control
        type: u2
        doc: Fragment number (low 4 bits) and sequence number.
      - id: addr4
        size: 6
        if: _parent.to_ds and _parent.from_ds
        doc: Present in frames of a wireless distribution system.
      - id: qos_control
        type: u2
        if: _parent.is_qos
      - id: ht_control
        type: u4
        if: _parent.is_qos and _parent.order
      - id: data_pad
        size: '_parent.has_data_pad ? (4 - _io.pos % 4) % 4 : 0'
        doc: Padding the capture added after the header, to a multiple of 4 bytes.
    instances:
      is_amsdu:
        value: '_parent.is_qos ? qos_control / 0x80 % 2 != 0 : false'
        doc: The body is an aggregate of MSDUs (A-MSDU present bit).
enums:
  frame_type:
    0: management
    1: control
    2: data
    3: extension
