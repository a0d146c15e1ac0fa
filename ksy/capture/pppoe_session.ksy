meta:
  id: pppoe_session
  title: PPPoE session-stage packet
  application: wirestruct
  xref:
    rfc: 2516
  license: MIT
  ks-version: '0.11'
  imports:
    - ppp_frame
  endian: be
  bit-endian: be
doc: |
  The payload of an Ethernet frame of EtherType 0x8864: the 6-byte PPPoE header, then a
  PPP frame (Protocol field and information) of Length bytes. Ethernet padding after it
  is left out.
doc-ref: https://www.rfc-editor.org/rfc/rfc2516#section-4
seq:
  - id: version
    type: b4
    -orig-id: VER
    valid: 1
  - id: type
    type: b4
    -orig-id: TYPE
    valid: 1
  - id: code
    type: u1
    -orig-id: CODE
    valid: 0
    doc: Zero for session data.
  - id: session_id
    type: u2
    -orig-id: SESSION_ID
  - id: length
    type: u2
    -orig-id: LENGTH
    doc: Length of the PPP frame that follows, in bytes.
  - id: body
    size: length
    type: ppp_frame
