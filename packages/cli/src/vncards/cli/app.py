"""placeholder"""


def main() -> None:
    """Entry point."""
