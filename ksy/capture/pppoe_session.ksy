meta:
  id: pppoe_session
  title: PPPoE session-stage packet
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
    -orig-id: VER
    type: b4
    valid: 1
  - id: type
    -orig-id: TYPE
    type: b4
    valid: 1
  - id: code
    -orig-id: CODE
    type: u1
    valid: 0
    doc: Zero for session data.
  - id: session_id
    -orig-id: SESSION_ID
    type: u2
  - id: len_payload
    -orig-id: LENGTH
    type: u2
    doc: Length of the PPPoE payload (the PPP frame that follows), in bytes.
  - id: body
    size: len_payload
    type: ppp_frame
