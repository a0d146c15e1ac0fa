meta:
  id: sm_display_message
  title: Scrap Mechanic 18 Display Message body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  encoding: UTF-8
  endian: be
  bit-endian: be
doc: |
  The body of an 18 Display Message packet after LZ4 decompression (Server -> Client):
  a message shown in a warning pop-up, as alert text, or in the chat, by its type string
  (`location`). A `<WARNING>` with one of the special messages shows a hardcoded caption
  and body (`special_message`). The two texts are laid out as `String` structures
  (`sm_string`); they are read field by field, as the page's table lists them.
doc-ref: 18 - Display Message, section Structure
seq:
  - id: len_message_type
    -orig-id: Type Size
    type: u2
    doc: |
      The size of the type of the message.
      When writing, set to the UTF-8 byte length of `message_type`.
  - id: message_type
    -orig-id: Type
    size: len_message_type
    type: str
    doc: The utf-8 encoded type of the message.
  - id: len_message
    -orig-id: Message Size
    type: u2
    doc: |
      The size of the message.
      When writing, set to the UTF-8 byte length of `message`.
  - id: message
    -orig-id: Message
    size: len_message
    type: str
    doc: The utf-8 encoded message.
instances:
  location:
    value: >-
      message_type == "<WARNING>" ? 1 : (message_type == "<ALERT>" ? 2 : 0)
    enum: location
    doc: Where the message is displayed, by its type (Message types).
  special_message:
    value: >-
      location != location::popup ? 0 :
      (message == "WARNING_TUNNELING" ? 1 :
      (message == "VERSION_MISMATCH" ? 2 :
      (message == "CONNECTION_FAILED" ? 3 :
      (message == "CONNECTION_TIMEOUT" ? 4 :
      (message == "CONNECTION_LOST" ? 5 :
      (message == "SERVER_SHUTDOWN" ? 6 :
      (message == "KICKED_FROM_SERVER" ? 7 :
      (message == "UNLOAD_MOD" ? 8 :
      (message == "INVALID_SHAPE_ID" ? 9 :
      (message == "ERROR_MESSAGE" ? 10 :
      (message == "DATABASE_ERROR_MESSAGE" ? 11 : 0)))))))))))
    enum: special_message
    doc: |
      For a `<WARNING>`: which special message sets the pop-up's caption and body
      (Special messages); `none` when the message is the caption itself.
enums:
  # Message types: the Type string decides where the message goes.
  location:
    0:
      id: chat
      -orig-id: Chat
      doc: |
        Any other type: the type and the message, joined by `: `, are printed to the chat.
    1:
      id: popup
      -orig-id: Pop-up
      doc: |
        `<WARNING>`: a pop-up with an exclamation mark icon, the message as its one-line
        caption (special messages set caption and body). While it is open the player can
        move but not look around.
    2:
      id: alert_text
      -orig-id: Alert text
      doc: |
        `<ALERT>`: a text with an exclamation mark icon at the center top of the HUD, the
        message on a single line.
  # Special messages of a <WARNING>: caption and body as interface tags (translated by
  # MyGUI), English in the docs.
  special_message:
    0:
      id: none
      doc: Not a special message (or not a `<WARNING>`).
    1:
      id: warning_tunneling
      -orig-id: WARNING_TUNNELING
      doc: |
        `#{WARNING_TUNNELING_TITLE}` / `#{WARNING_TUNNELING_LINE1}\n#{WARNING_TUNNELING_LINE2}`:
        "Hey!" / "You're playing the game wrong!\nStop that!". Sent when the player falls
        through the ground and hits the teleportation area trigger.
    2:
      id: version_mismatch
      -orig-id: VERSION_MISMATCH
      doc: |
        `#{ERRMSG_TITLE_FAILED_TO_LOAD_WORLD}` /
        `#{ERRMSG_VERSION_MISMATCH_LINE1}\n#{ERRMSG_VERSION_MISMATCH_LINE2}`: "Failed to load
        world" / "Version mismatch\nPlease update your client and try again".
    3:
      id: connection_failed
      -orig-id: CONNECTION_FAILED
      doc: '`#{ERRMSG_TITLE_CONNECTION_FAILED}` / `\n`: "Connection failed" / an empty line.'
    4:
      id: connection_timeout
      -orig-id: CONNECTION_TIMEOUT
      doc: |
        `#{ERRMSG_TITLE_CONNECTION_FAILED}` /
        `#{ERRMSG_CONNECTION_TIMEOUT_LINE1}\n#{ERRMSG_CONNECTION_TIMEOUT_LINE2}`: "Connection
        failed" / "Connection to host timed out\nPlease check your Internet connection and
        try again".
    5:
      id: connection_lost
      -orig-id: CONNECTION_LOST
      doc: |
        `#{ERRMSG_TITLE_CONNECTION_LOST}` /
        `#{ERRMSG_CONNECTION_LOST_LINE1}\n#{ERRMSG_CONNECTION_LOST_LINE2}`: "Connection lost" /
        "Connection lost\nPlease check your Internet connection".
    6:
      id: server_shutdown
      -orig-id: SERVER_SHUTDOWN
      doc: |
        `#{ERRMSG_TITLE_CONNECTION_LOST}` / `#{ERRMSG_SERVER_SHUTDOWN_LINE1}\n`: "Connection
        lost" / "Host has shut down\n".
    7:
      id: kicked_from_server
      -orig-id: KICKED_FROM_SERVER
      doc: |
        `#{ERRMSG_TITLE_CONNECTION_LOST}` /
        `#{ERRMSG_KICKED_FROM_SERVER_LINE1}\n#{ERRMSG_KICKED_FROM_SERVER_LINE2}`: "Connection
        lost" / "You have been kicked\nfrom the host".
    8:
      id: unload_mod
      -orig-id: UNLOAD_MOD
      doc: |
        `#{ERRMSG_TITLE_WARNING}` /
        `#{ERRMSG_UNLOAD_MOD_LINE1}\n#{ERRMSG_UNLOAD_MOD_LINE2}\n#{ERRMSG_UNLOAD_MOD_LINE3}`:
        "Warning" / "A previously used mod has been removed!\nThis might cause the world to
        be unloadable.\nDo you want to do this?".
    9:
      id: invalid_shape_id
      -orig-id: INVALID_SHAPE_ID
      doc: |
        `#{ERRMSG_TITLE_ERROR}` / `#{ERRMSG_INVALID_SHAPE_ID}\n#{ERRMSG_REQUIRED_MOD}:
        #{UNKNOWN_MOD}`: "ERROR" / "The world contains an unsupported part\nRequired mod:
        <Unknown mod>".
    10:
      id: error_message
      -orig-id: ERROR_MESSAGE
      doc: '`#{ERRMSG_TITLE_ERROR}` / `\n`: "ERROR" / an empty line.'
    11:
      id: database_error_message
      -orig-id: DATABASE_ERROR_MESSAGE
      doc: |
        `#{ERRMSG_TITLE_ERROR}` / `#{ERRMSG_DATABASE_ISSUE}: \n\n`: "ERROR" / "A problem
        occurred when handling the save file: \n\n".
