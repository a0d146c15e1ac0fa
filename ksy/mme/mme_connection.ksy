meta:
  id: mme_connection
  title: Multiplayer Map Editor connection packets
  application: Multiplayer Map Editor
  license: MIT
  ks-version: '0.11'
  imports:
    - mme_types
  endian: le
  bit-endian: le
doc: |
  Payloads of the packets that manage the connection itself: pings, authentication,
  redirection, disconnection, the client version, the login-server cookie, the server
  name and the free-form RANDOM_GARBAGE. (The negotiation packets 0 and 1 are
  `mme_types::packet_type_set`.) Every type parses the payload substream of one packet;
  optional fields are present when the payload is long enough, as the document's size
  lists say, and bytes beyond the largest documented size are kept as `ignored`.
doc-ref: protocol.txt, "Packet Type Constants"
types:
  ping:
    doc: |
      PING_REQUEST / PING_RESPONSE (any size): an opaque payload the receiver returns
      unchanged in a PING_RESPONSE.
    doc-ref: protocol.txt, "PACKET_PING_REQUEST 2"
    seq:
      - id: data
        size-eos: true
        doc: Not to be examined; echoed back verbatim.
  authenticate:
    doc: |
      AUTHENTICATE (0, 24, 52). Empty when the client cannot authenticate; 24 bytes to
      supply only a name; 52 bytes with the full credentials from the login server.
      Sizes in between count as the next smaller size, the rest is `ignored`.
    doc-ref: protocol.txt, "PACKET_AUTHENTICATE 5"
    seq:
      - id: name_only
        size: 24
        type: strz
        encoding: ISO-8859-1
        if: _io.size >= 24 and _io.size < 52
        doc: The player's name (B24) when the packet supplies only a name.
      - id: credentials
        type: mme_types::credentials
        if: _io.size >= 52
        doc: Name, global player id, time and token, all from the login server.
      - id: ignored
        size-eos: true
        doc: Bytes beyond the size variant in use.
    instances:
      # The name sits in `credentials` (52 bytes) or alone (24 bytes).
      name:
        value: '_io.size >= 52 ? credentials.name : _io.size >= 24 ? name_only : ""'
        doc: The name in either size variant ("" in the empty packet).
      has_token:
        value: _io.size >= 52
        doc: The 52-byte variant, with a token the server may check.
  connect:
    doc: |
      CONNECT (53 minimum): reconnect to another server, sending these credentials in the
      AUTHENTICATE to the next server.
    doc-ref: protocol.txt, "PACKET_CONNECT 6"
    seq:
      - id: credentials
        type: mme_types::credentials
        doc: |
          Sent unchanged in the AUTHENTICATE to the next server; the name must be null-
          filled.
      - id: address
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        doc: |
          address:port of the next server: a host name, an IPv4 address or a bracketed
          IPv6 address, always with the port ("[1234::CDEF]:9999").
  disconnect:
    doc: |
      DISCONNECT (any size): every field is optional and present as far as the payload
      reaches.
    doc-ref: protocol.txt, "PACKET_DISCONNECT 7"
    seq:
      - id: reason_code
        type: u1
        enum: mme_types::disconnect_reason
        if: _io.size >= 1
        doc: Why, so a program can choose its response.
      - id: reconnect_delay
        type: u1
        if: _io.size >= 2
        doc: Seconds to wait before reconnecting; 0 or missing - reconnecting is not advised.
      - id: reason
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        if: _io.size >= 3
        doc: Human-readable reason.
  client_version:
    doc: |
      CLIENT_VERSION: a format byte, then the fields of that format. Only format 0 is
      defined (a U4 SVN revision, 5 bytes in all); other formats are kept as bytes.
    doc-ref: protocol.txt, "PACKET_CLIENT_VERSION 43"
    seq:
      - id: format
        type: u1
        doc: Format of the version information.
      - id: version
        type:
          switch-on: format
          cases:
            0: version_format_0
        doc: The fields of the format; only format 0 is defined.
      - id: ignored
        size-eos: true
        doc: Bytes beyond format 0's fields, or the fields of an undefined format.
    types:
      version_format_0:
        doc: The fields of version format 0.
        doc-ref: protocol.txt, "PACKET_CLIENT_VERSION 43" (Format 0)
        seq:
          - id: svn_revision
            type: u4
            doc: SVN revision number of the client.
  portal_cookie:
    doc: |
      PORTAL_COOKIE (0, 20): from the login server, 20 bytes set the cookie and an empty
      packet deletes it; from the client, the stored cookie or an empty packet.
    doc-ref: protocol.txt, "PACKET_PORTAL_COOKIE 44"
    seq:
      - id: cookie
        size: 20
        if: _io.size >= 20
        doc: Twenty bytes of random binary data.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    instances:
      deletes:
        value: _io.size < 20
        doc: An empty packet (no cookie).
  server_name:
    doc: SERVER_NAME (any size); shown in the title bar of the game window.
    doc-ref: protocol.txt, "PACKET_SERVER_NAME 47"
    seq:
      - id: name
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        doc: Name of the server; the client puts it in its window's title bar.
  random_garbage:
    doc: |
      RANDOM_GARBAGE (any size): private data between software that knows each other,
      which should start with a unique identifier (16 bytes recommended).
    doc-ref: protocol.txt, "PACKET_RANDOM_GARBAGE 13"
    seq:
      - id: data
        size-eos: true
        doc: Free-form data; it should start with a unique identifier of at least 32 bits.
