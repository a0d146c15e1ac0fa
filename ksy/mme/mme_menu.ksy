meta:
  id: mme_menu
  title: Multiplayer Map Editor server menu packets
  application: Multiplayer Map Editor
  license: MIT
  ks-version: '0.11'
  imports:
    - mme_types
  endian: le
  bit-endian: le
doc: |
  Payloads of the server-side menu packets. The server builds a menu of widgets, each in
  a slot given by `index` (0 lets the client choose a free slot); the client answers with
  MENU_RESPONSE. Columns and lines start at zero. Texts may contain color escapes (ESC and
  a color number) like chat messages.
doc-ref: protocol.txt, "Server-Side Menus"
types:
  menu_request:
    doc: 'MENU_REQUEST (2): the user pressed the "server menu" key.'
    doc-ref: protocol.txt, "PACKET_MENU_REQUEST 30"
    seq:
      - id: columns
        type: u1
        doc: Columns the window can show at its current size.
      - id: lines
        type: u1
        doc: Lines the window can show at its current size.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
  menu_resize:
    doc: 'MENU_RESIZE (3): the user resized the window while a menu was displayed.'
    doc-ref: protocol.txt, "PACKET_MENU_RESIZE 41"
    seq:
      - id: columns
        type: u1
        doc: Columns the window can show at its current size.
      - id: lines
        type: u1
        doc: Lines the window can show at its current size.
      - id: menu_number
        type: u1
        doc: The menu currently displayed.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
  menu_response:
    doc: |
      MENU_RESPONSE (1, 4+): the state of a widget, or - with only the menu number - the
      user left the menu without clicking anything. Sizes 2 and 3 count as 1. For a
      salted password field the text is 40 bytes: the client's salt and the SHA-1 digest
      (see `password`).
    doc-ref: protocol.txt, "PACKET_MENU_RESPONSE 31"
    seq:
      - id: menu_number
        type: u1
        doc: The menu the event came from (an old menu's event may still arrive).
      - id: name
        type: u1
        if: _io.size >= 4
        doc: Widget group of the widget that answered.
      - id: value
        type: u1
        if: _io.size >= 4
        doc: |
          Value of the widget within its group; for a check box always the MENU_CHECK
          value.
      - id: flags
        type: mme_types::widget_flags
        if: _io.size >= 4
        doc: '`active` is the state of a check box; `live` marks a live update.'
      - id: data
        -orig-id: text
        size-eos: true
        doc: The text, if relevant (raw bytes; `text` decodes it).
    instances:
      closed:
        value: _io.size < 4
        doc: Only the menu number - the user exited the menu.
      text:
        value: data.to_s("ISO-8859-1")
        doc: The text decoded as ISO-8859-1.
      # The text starts after the 4 bytes menu_number, name, value and flags.
      password:
        pos: 4
        type: password_response
        if: _io.size == 44
        doc: |
          The text read as a salted password response (when the widget is one).
          When writing, this instance and `data` cover the same 40 bytes: fetch it before
          `_write()` and keep the two equal (or disable the instance); `_write()` writes
          both.
    types:
      password_response:
        doc: The 40-byte text a client sends for a salted password field.
        doc-ref: protocol.txt, "PACKET_MENU_SALTED_PASSWORD 40"
        seq:
          - id: client_salt
            size: 20
            doc: The random salt the client chose for the last encryption.
          - id: digest
            size: 20
            doc: SHA-1 of that salt followed by the previous digest (or the password).
  menu_reset:
    doc: |
      MENU_RESET (0, 3): clear the menu and create a new one; an empty packet removes
      the server menu. The document lists four fields but sizes 0 and 3. Decision: 3 bytes
      create a menu without flags, 4 bytes with flags; 1 and 2 bytes count as 0.
    doc-ref: protocol.txt, "PACKET_MENU_RESET 32"
    seq:
      - id: menu_number
        type: u1
        if: _io.size >= 3
        doc: |
          Chosen by the server; the client's events name it, so old events can be told
          apart.
      - id: width
        type: u1
        if: _io.size >= 3
        doc: |
          Width of the menu in columns; at most the columns MENU_RESIZE reports (80 fits
          the default window).
      - id: height
        type: u1
        if: _io.size >= 3
        doc: Height of the menu in lines (24 fits the default window).
      - id: flags
        type: menu_flags
        if: _io.size >= 4
        doc: Present in the 4-byte variant only.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    instances:
      removes_menu:
        value: _io.size < 3
        doc: No menu fields - the server menu is disabled and removed.
    types:
      menu_flags:
        doc: The flags byte of the 4-byte variant, bit 0 first.
        doc-ref: protocol.txt, "PACKET_MENU_RESET 32" (U1 flags)
        seq:
          - id: close_button
            type: b1
            doc: Draw a close button in the corner.
          - id: title_bar
            type: b1
            doc: Draw a blue area for a title bar.
          - id: reserved
            type: b6
            doc: Bits 2-7, not documented.
  menu_text:
    doc: 'MENU_TEXT (3+): unclickable text at a position.'
    doc-ref: protocol.txt, "PACKET_MENU_TEXT 33"
    seq:
      - id: index
        type: u1
        doc: Slot of the widget; the same index replaces a widget, 0 picks a free slot.
      - id: column
        type: u1
        doc: Column of the text, from 0.
      - id: line
        type: u1
        doc: Line of the text, from 0.
      - id: text
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        doc: The text, with color escapes as in chat.
  menu_widget:
    doc: |
      MENU_LINK, MENU_CHECK and MENU_RADIO (6+): clickable text, a check box or a radio
      button (the box or button is drawn two characters left of the text). Radio buttons
      with the same name and different values are mutually exclusive.
    doc-ref: protocol.txt, "PACKET_MENU_LINK 34", "PACKET_MENU_CHECK 35", "PACKET_MENU_RADIO 36"
    seq:
      - id: index
        type: u1
        doc: Slot of the widget; the same index replaces a widget, 0 picks a free slot.
      - id: column
        type: u1
        doc: |
          Column of the text, from 0; a box or button is drawn two characters to its
          left.
      - id: line
        type: u1
        doc: Line of the text, from 0.
      - id: name
        type: u1
        doc: |
          Widget group; MENU_RESPONSE reports it. Radio buttons of one group exclude
          each other.
      - id: value
        type: u1
        doc: Identifies the widget in its group; MENU_RESPONSE reports it.
      - id: flags
        type: mme_types::widget_flags
        doc: |
          `active` checks a check box or radio button by default; `live` sends changes
          at once.
      - id: text
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        doc: The link text or the label of the box or button.
  menu_input:
    doc: 'MENU_INPUT (8+): a text input box; the column/line is its first character.'
    doc-ref: protocol.txt, "PACKET_MENU_INPUT 37"
    seq:
      - id: index
        type: u1
        doc: Slot of the widget; the same index replaces a widget, 0 picks a free slot.
      - id: column
        type: u1
        doc: Column of the first character of text in the box, from 0.
      - id: line
        type: u1
        doc: Line of the box, from 0.
      - id: name
        type: u1
        doc: Widget group; MENU_RESPONSE reports it.
      - id: value
        type: u1
        doc: Reported in MENU_RESPONSE with the name.
      - id: width
        type: u1
        doc: Size of the input box.
      - id: max_length
        -orig-id: length
        type: u1
        doc: Maximum length of the user input.
      - id: flags
        type: mme_types::widget_flags
        doc: '`active` makes enter in the box submit the menu, like a button.'
      - id: text
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        doc: Initial text.
  menu_button:
    doc: MENU_BUTTON (7+).
    doc-ref: protocol.txt, "PACKET_MENU_BUTTON 38"
    seq:
      - id: index
        type: u1
        doc: Slot of the widget; the same index replaces a widget, 0 picks a free slot.
      - id: column
        type: u1
        doc: Column of the button text, from 0.
      - id: line
        type: u1
        doc: Line of the button text, from 0; `offset` draws it half a line lower.
      - id: name
        type: u1
        doc: Widget group; MENU_RESPONSE reports it.
      - id: value
        type: u1
        doc: Reported in MENU_RESPONSE with the name.
      - id: width
        type: u1
        doc: Size of the button; 0 makes it the size of the text.
      - id: flags
        type: mme_types::widget_flags
        doc: |
          `active` draws the button red, `disable` greys it out, `offset` lowers it half
          a line.
      - id: text
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        doc: Label of the button.
  menu_erase:
    doc: 'MENU_ERASE (1): remove the widget at an index.'
    doc-ref: protocol.txt, "PACKET_MENU_ERASE 39"
    seq:
      - id: index
        type: u1
        doc: Slot of the widget to remove.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
  menu_salted_password:
    doc: |
      MENU_SALTED_PASSWORD (7, 27, 47): a password input. 7 bytes - a new password (the
      client salts it with a random salt); 27 bytes - one salt, for a plain-text password
      the server knows; 47 bytes - the stored salt and a fresh one. The client's response
      is SHA-1(client salt + SHA-1(...SHA-1(salt_1 + password)...)) over every salt given.
    doc-ref: protocol.txt, "PACKET_MENU_SALTED_PASSWORD 40"
    seq:
      - id: index
        type: u1
        doc: Slot of the widget; the same index replaces a widget, 0 picks a free slot.
      - id: column
        type: u1
        doc: Column of the first character of the box, from 0.
      - id: line
        type: u1
        doc: Line of the box, from 0.
      - id: name
        type: u1
        doc: Widget group; MENU_RESPONSE reports it.
      - id: value
        type: u1
        doc: Reported in MENU_RESPONSE with the name.
      - id: width
        type: u1
        doc: Size of the input box.
      - id: flags
        type: mme_types::widget_flags
        doc: The password field does not support `live`.
      - id: salt_1
        -orig-id: some salt
        size: 20
        if: _io.size >= 27
        doc: |
          The salt stored with the password (47 bytes), or a random salt for a plain-
          text password the server knows (27 bytes).
      - id: salt_2
        -orig-id: more salt
        size: 20
        if: _io.size >= 47
        doc: |
          A fresh random salt, different for each request, so a captured response cannot
          be replayed.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    instances:
      # Each salt adds 20 bytes to the 7 widget bytes: 7, 27, 47.
      num_salts:
        value: '_io.size >= 47 ? 2 : _io.size >= 27 ? 1 : 0'
        doc: 'Salts the server sent: 0 (a new password), 1 or 2.'
  menu_texture:
    doc: |
      MENU_TEXTURE (11): draw part of a texture on the menu. Texture coordinates run
      from 0 (left/top) to 256 (right/bottom); 0 as the second x or y means 256.
    doc-ref: protocol.txt, "PACKET_MENU_TEXTURE 46"
    seq:
      - id: index
        type: u1
        doc: Slot of the widget; the same index replaces a widget, 0 picks a free slot.
      - id: column
        type: u1
        doc: Column of the picture's corner, from 0.
      - id: line
        type: u1
        doc: Line of the picture's corner, from 0.
      - id: width
        type: u1
        doc: Width of the picture in columns.
      - id: height
        type: u1
        doc: Height of the picture in lines.
      - id: texture_id
        type: u2
        doc: Texture set up with TEXTURE_SETUP.
      - id: x1
        -orig-id: x
        type: u1
        doc: Left edge of the part shown, 0 - 255 of the texture's 256.
      - id: y1
        -orig-id: y
        type: u1
        doc: Top edge of the part shown, 0 - 255 of the texture's 256.
      - id: x2
        -orig-id: x
        type: u1
        doc: Right edge of the part shown; 0 means 256 (see `right`).
      - id: y2
        -orig-id: y
        type: u1
        doc: Bottom edge of the part shown; 0 means 256 (see `bottom`).
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    instances:
      # A byte cannot hold 256, so the document writes the right/bottom edge 256 as 0.
      right:
        value: 'x2 == 0 ? 256 : x2'
        doc: The second x, with 0 read as 256.
      bottom:
        value: 'y2 == 0 ? 256 : y2'
        doc: The second y, with 0 read as 256.
