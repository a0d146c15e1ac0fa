meta:
  id: ip_payload
  title: Payload of an IP packet, routed by protocol number
  xref:
    iana: protocol-numbers
  license: MIT
  ks-version: '0.11'
  imports:
    - ip_protocol
    - tcp_segment
    - udp_datagram
  endian: be
  bit-endian: be
doc: |
  Router from the IPv4 Protocol / IPv6 Next Header value to the transport layer that
  follows. TCP and UDP are parsed; every other protocol (ICMP, GRE, ESP ...) stays bytes.
  IP in IP (protocol 4, IPv4, and 41, IPv6: the 6in4, 6to4 and IPv6-in-IPv6 tunnels)
  also stays bytes here, since the IP specs import this one: the wirestruct runtime
  parses it with `ip_packet`.
doc-ref: https://www.iana.org/assignments/protocol-numbers/protocol-numbers.xhtml
params:
  - id: protocol
    type: u1
    enum: ip_protocol::ip_protocol
    doc: Protocol number of the header that starts this payload.
seq:
  - id: body
    size-eos: true
    type:
      switch-on: protocol
      cases:
        'ip_protocol::ip_protocol::tcp': tcp_segment
        'ip_protocol::ip_protocol::udp': udp_datagram
    doc: |
      When writing, `protocol` must name the body's type; `_check()` does not compare them.
