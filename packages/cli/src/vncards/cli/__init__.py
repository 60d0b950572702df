"""The ``vncards`` command."""
