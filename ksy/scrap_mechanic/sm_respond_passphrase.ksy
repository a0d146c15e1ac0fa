meta:
  id: sm_respond_passphrase
  title: Scrap Mechanic 04 Respond Passphrase body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  encoding: UTF-8
  endian: be
  bit-endian: be
doc: |
  The body of a 04 Respond Passphrase packet: the client's answer to 03 Request
  Passphrase (Client -> Server). Not LZ4 compressed: `sm_packet` routes its body here.

  Decision where the page is unclear: its first field is named `Size` but "should be `$`
  (0x24)", and the passphrase runs "until the end of packet". Both are read as the page
  lists them: one byte, then the passphrase to the end of the body, whatever the byte
  says (0x24 is 36, the length of a UUID's text; the passphrase's length is not taken
  from it). The page does not name the text's encoding; it is read as UTF-8.
doc-ref: 04 - Respond Passphrase, section Structure
seq:
  - id: size
    -orig-id: Size
    type: u1
    doc: Should be `$` (0x24).
  - id: passphrase
    -orig-id: Passphrase
    size-eos: true
    type: str
    doc: |
      The passphrase, until the end of the packet.
      When writing, `size-eos`: the packet's length decides where it ends.
