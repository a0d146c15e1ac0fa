meta:
  id: sm_blob_chat_message
  title: Scrap Mechanic Chat Message (BlobData payload of 27 and 28)
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
    - sm_string
  endian: be
  bit-endian: be
doc: |
  The Chat Message payload of a BlobData (uid 46968863-090a-46b8-ad99-1159b53450fe, no
  world), after LZ4 decompression. A client sends one in 28 Generic Data (C->S) (key 0,
  flags 0) when its player chats; the server broadcasts it unchanged in 27 Generic Data
  (S->C) (key the message number, flags 20), and sends the join message of a player with
  an empty sender. The server verifies none of the fields.
doc-ref:
  - 27 - Generic Data (S->C), section Chat Message
  - 28 - Generic Data (C->S), section Chat Message
seq:
  - id: timestamp
    -orig-id: Timestamp
    type: sm_common::u64_parts
    doc: |
      The UNIX timestamp in seconds at which this message is sent (be u64, in its two
      halves; `timestamp_seconds` is the number). The localized time is visible in the chat
      when the `/time` chat command is used, unless the timestamp is `0`, then it is never
      displayed.
  - id: sender
    -orig-id: Sender
    type: sm_string
    doc: |
      The sender of the chat message, prefixed with the MyGUI color override. If this
      field is empty, the `: ` separator between the sender and the message is not printed
      to the chat.
  - id: message
    -orig-id: Message
    type: sm_string
    doc: The UTF-8 encoded contents of the chat message.
instances:
  timestamp_seconds:
    value: timestamp.value
    doc: The timestamp as one number (exact in Python; see `timestamp`).
