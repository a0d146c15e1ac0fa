meta:
  id: sm_display_alert_text
  title: Scrap Mechanic 19 Display Alert Text body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  encoding: UTF-8
  endian: be
  bit-endian: be
doc: |
  The body of a 19 Display Alert Text packet after LZ4 decompression (Server -> Client):
  an alert message.

  The size need not match the message, the page says: a size shorter than the message
  cuts off the end of the displayed message, a larger one displays only the alert icon,
  no text. So the message is read to the end of the body (the body's length, not the
  size, says where it ends) and the size is kept as sent; `is_cut` and `shows_text` say
  what the game displays. Normally the size is the message's byte length.
doc-ref: 19 - Display Alert Text, section Structure
seq:
  - id: len_message
    -orig-id: Size
    type: u2
    doc: |
      The size of the message. Setting the size to be shorter than the size of the
      message will cut off the end of the message; setting it to be larger than the size
      of the message will display only the alert icon, no text.
      When writing, set to the UTF-8 byte length of `message` (or another size on
      purpose); `message` ends where the body ends.
  - id: message
    -orig-id: Message
    size-eos: true
    type: str
    doc: The utf-8 encoded message (the rest of the body).
instances:
  len_sent:
    value: _io.size - 2
    doc: The byte length of the message as sent (the body less the size field).
  is_cut:
    value: len_message < len_sent
    doc: Whether the size is shorter than the message, so the game cuts its end off.
  shows_text:
    value: len_message <= len_sent
    doc: Whether the game shows text (a size larger than the message shows only the icon).
  known_message:
    value: >-
      message == "#{INFO_INVENTORY_FULL}" ? 1 :
      (message == "Your host does not support that shape" ? 2 : 0)
    enum: known_message
    doc: Which of the known messages this is (Known messages); `other` for the rest.
enums:
  known_message:
    0:
      id: other
      doc: Not one of the messages the page lists.
    1:
      id: info_inventory_full
      -orig-id: '#{INFO_INVENTORY_FULL}'
      doc: |
        The player's inventory is full and the player tries to remove a shape that should
        be added to the inventory, while in limited inventory mode.
    2:
      id: host_does_not_support_shape
      -orig-id: Your host does not support that shape
      doc: |
        Sent for a 34 Place packet with a UUID that does not belong to a loaded shape.
