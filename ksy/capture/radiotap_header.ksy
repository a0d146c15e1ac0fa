meta:
  id: radiotap_header
  title: Radiotap header
  application:
    - Linux and BSD wireless drivers (monitor mode)
    - libpcap
    - tcpdump
    - Wireshark
  license: MIT
  ks-version: '0.11'
  imports:
    - ieee802_11_frame
  endian: le
  bit-endian: be
doc: |
  Link type 127: the radiotap header a wireless card in monitor mode puts before each
  IEEE 802.11 frame (little-endian): version, length, one or more present-flag words,
  then the fields they announce (kept as bytes), then the 802.11 frame. The Flags field,
  when present, says whether the frame ends with its frame check sequence and whether
  the 802.11 header is padded to a multiple of 4 bytes.
doc-ref: https://www.radiotap.org/
seq:
  - id: version
    -orig-id: it_version
    type: u1
    valid: 0
  - id: pad
    -orig-id: it_pad
    type: u1
  - id: len_header
    -orig-id: it_len
    type: u2
    valid:
      min: 8
    doc: Length of the whole radiotap header, fields included.
  - id: present_words
    type: present_word
    repeat: until
    repeat-until: not _.has_more
    doc: The it_present bitmaps; bit 31 of each says another follows.
  - id: fields
    size: len_header - _io.pos  # the rest of the header
    doc: The fields the first bitmap announces, aligned to their natural size.
  - id: body
    size-eos: true
    type: ieee802_11_frame(has_fcs, has_data_pad)
instances:
  has_tsft:
    value: present_words[0].bits % 2 != 0
    doc: The first field is TSFT (8 bytes, aligned to 8).
  has_flags:
    value: present_words[0].bits / 2 % 2 != 0
  ofs_flags:
    # after the bitmaps; past TSFT when present, which aligns to 8 bytes
    value: >-
      has_tsft
        ? ((4 + 4 * present_words.size + 7) / 8) * 8 + 8
        : 4 + 4 * present_words.size
    doc: Offset of the Flags field in the header.
  flags:
    pos: ofs_flags
    type: u1
    if: has_flags
    doc: |
      Bit 0x10 - the frame includes its frame check sequence; bit 0x20 - padding
      between the 802.11 header and the body.
  has_fcs:
    value: 'has_flags ? flags / 0x10 % 2 != 0 : false'
  has_data_pad:
    value: 'has_flags ? flags / 0x20 % 2 != 0 : false'
    doc: |
      Flags bit 0x20: the 802.11 header of a data frame is padded to a multiple of 4
      bytes before its body (drivers that align the body, such as Atheros ones, set it).
types:
  present_word:
    doc: One it_present bitmap.
    doc-ref: https://www.radiotap.org/#it_present-and-the-radiotap-fields
    seq:
      - id: bits
        type: u4
    instances:
      has_more:
        value: bits / 0x80000000 % 2 != 0
        doc: Another bitmap follows.
