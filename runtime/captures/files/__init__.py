"""Capture files: where their bytes come from (plain, compressed, followed, standard
input) and their formats (JSON Lines, wscap, pcap, pcapng) up to frames or records."""
