"""``python -m vncards.server [HOST [PORT [DB]]]``: the service without the CLI."""

from __future__ import annotations

import sys

from vncards.server._serve import serve

if __name__ == "__main__":
    args = sys.argv[1:]
    serve(
        args[0] if args else "127.0.0.1",
        int(args[1]) if len(args) > 1 else 8000,
        db=args[2] if len(args) > 2 else None,
    )
