"""Capture files written: synthesized pcap and pcapng."""
