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
        -orig-id: available columns with current window size
        type: u1
      - id: lines
        -orig-id: available lines with current window size
        type: u1
      - id: ignored
        size-eos: true
  menu_resize:
    doc: 'MENU_RESIZE (3): the user resized the window while a menu was displayed.'
    doc-ref: protocol.txt, "PACKET_MENU_RESIZE 41"
    seq:
      - id: columns
        -orig-id: available columns with current window size
        type: u1
      - id: lines
        -orig-id: available lines with current window size
        type: u1
      - id: menu_number
        type: u1
        doc: The menu currently displayed.
      - id: ignored
        size-eos: true
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
      - id: name
        type: u1
        if: _io.size >= 4
        doc: Widget group of the widget that answered.
      - id: value
        type: u1
        if: _io.size >= 4
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
      password:
        pos: 4
        type: password_response
        if: _io.size == 44
        doc: The text read as a salted password response (when the widget is one).
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
      - id: width
        type: u1
        if: _io.size >= 3
      - id: height
        type: u1
        if: _io.size >= 3
      - id: flags
        type: menu_flags
        if: _io.size >= 4
      - id: ignored
        size-eos: true
    instances:
      removes_menu:
        value: _io.size < 3
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
  menu_text:
    doc: 'MENU_TEXT (3+): unclickable text at a position.'
    doc-ref: protocol.txt, "PACKET_MENU_TEXT 33"
    seq:
      - id: index
        type: u1
      - id: column
        type: u1
      - id: line
        type: u1
      - id: text
        type: strz
        size-eos: true
        encoding: ISO-8859-1
  menu_widget:
    doc: |
      MENU_LINK, MENU_CHECK and MENU_RADIO (6+): clickable text, a check box or a radio
      button (the box or button is drawn two characters left of the text). Radio buttons
      with the same name and different values are mutually exclusive.
    doc-ref: protocol.txt, "PACKET_MENU_LINK 34", "PACKET_MENU_CHECK 35", "PACKET_MENU_RADIO 36"
    seq:
      - id: index
        type: u1
      - id: column
        type: u1
      - id: line
        type: u1
      - id: name
        type: u1
      - id: value
        type: u1
      - id: flags
        type: mme_types::widget_flags
      - id: text
        type: strz
        size-eos: true
        encoding: ISO-8859-1
  menu_input:
    doc: 'MENU_INPUT (8+): a text input box; the column/line is its first character.'
    doc-ref: protocol.txt, "PACKET_MENU_INPUT 37"
    seq:
      - id: index
        type: u1
      - id: column
        type: u1
      - id: line
        type: u1
      - id: name
        type: u1
      - id: value
        type: u1
      - id: width
        type: u1
        doc: Size of the input box.
      - id: max_length
        -orig-id: length
        type: u1
        doc: Maximum length of the user input.
      - id: flags
        type: mme_types::widget_flags
      - id: text
        type: strz
        size-eos: true
        encoding: ISO-8859-1
        doc: Initial text.
  menu_button:
    doc: MENU_BUTTON (7+).
    doc-ref: protocol.txt, "PACKET_MENU_BUTTON 38"
    seq:
      - id: index
        type: u1
      - id: column
        type: u1
      - id: line
        type: u1
      - id: name
        type: u1
      - id: value
        type: u1
      - id: width
        type: u1
        doc: Size of the button; 0 makes it the size of the text.
      - id: flags
        type: mme_types::widget_flags
      - id: text
        type: strz
        size-eos: true
        encoding: ISO-8859-1
  menu_erase:
    doc: 'MENU_ERASE (1): remove the widget at an index.'
    doc-ref: protocol.txt, "PACKET_MENU_ERASE 39"
    seq:
      - id: index
        type: u1
      - id: ignored
        size-eos: true
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
      - id: column
        type: u1
      - id: line
        type: u1
      - id: name
        type: u1
      - id: value
        type: u1
      - id: width
        type: u1
        doc: Size of the input box.
      - id: flags
        type: mme_types::widget_flags
      - id: salt_1
        -orig-id: some salt
        size: 20
        if: _io.size >= 27
      - id: salt_2
        -orig-id: more salt
        size: 20
        if: _io.size >= 47
      - id: ignored
        size-eos: true
    instances:
      num_salts:
        value: '_io.size >= 47 ? 2 : _io.size >= 27 ? 1 : 0'
  menu_texture:
    doc: |
      MENU_TEXTURE (11): draw part of a texture on the menu. Texture coordinates run
      from 0 (left/top) to 256 (right/bottom); 0 as the second x or y means 256.
    doc-ref: protocol.txt, "PACKET_MENU_TEXTURE 46"
    seq:
      - id: index
        type: u1
      - id: column
        type: u1
      - id: line
        type: u1
      - id: width
        type: u1
      - id: height
        type: u1
      - id: texture_id
        type: u2
      - id: x1
        -orig-id: x
        type: u1
      - id: y1
        -orig-id: y
        type: u1
      - id: x2
        -orig-id: x
        type: u1
      - id: y2
        -orig-id: y
        type: u1
      - id: ignored
        size-eos: true
    instances:
      right:
        value: 'x2 == 0 ? 256 : x2'
        doc: The second x, with 0 read as 256.
      bottom:
        value: 'y2 == 0 ? 256 : y2'
        doc: The second y, with 0 read as 256.
