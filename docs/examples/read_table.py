#!/usr/bin/env python3
"""Load a Frontier table file (a distance table or a pattern database) into a numpy array.

The format is documented in docs/reference/formats.md: a text header of key=value lines that starts with
"FRONTIER-TABLE 1" and ends with an empty line, NUL padding up to payload_offset, then
payload_bytes bytes, one per rank (entry_bits = 8); 255 marks a rank the search never reached.

    python3 read_table.py FILE          # prints the header and the number of ranks per value

As a module: header, table = read_table(path); table[rank] is the distance of that rank. The
array maps the file read-only (numpy.memmap), so a table of gigabytes loads instantly. The
checksums are not verified here (frontier lookup and DistanceTable::open do).
"""
import sys

import numpy as np

MAGIC = "FRONTIER-TABLE 1"


def read_table(path):
    """Returns (header as a dict of strings, numpy uint8 array of the payload)."""
    with open(path, "rb") as f:
        head = f.read(1 << 16)
    end = head.find(b"\n\n")
    if end < 0:
        raise ValueError(f"{path}: no table header")
    lines = head[:end].decode("utf-8").split("\n")
    if lines[0] != MAGIC:
        raise ValueError(f"{path}: not a Frontier table (first line {lines[0]!r})")
    header = dict(line.split("=", 1) for line in lines[1:])
    if header.get("entry_bits", "8") != "8":
        raise ValueError(
            f"{path}: entry_bits={header['entry_bits']}; only one-byte tables (entry_bits=8) are"
            " read here (frontier lookup reads the others)"
        )
    offset, size = int(header["payload_offset"]), int(header["payload_bytes"])
    table = np.memmap(path, dtype=np.uint8, mode="r", offset=offset, shape=(size,))
    return header, table


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: read_table.py TABLE_FILE")
    try:
        header, table = read_table(sys.argv[1])
    except (OSError, ValueError) as e:  # one line and status 2, as frontier reports bad input
        print(f"read_table.py: error: {e}", file=sys.stderr)
        sys.exit(2)
    for key, value in header.items():
        print(f"{key}={value}")
    counts = np.bincount(table, minlength=256)
    for value in np.flatnonzero(counts):
        label = "unreached" if value == 255 else f"distance {value}"
        print(f"{label}: {counts[value]}")


if __name__ == "__main__":
    main()
