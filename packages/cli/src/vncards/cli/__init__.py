"""The ``vncards`` command line (``vncards.cli.app``) and the simulation runner it uses
(``vncards.cli.sim``).

Kept free of imports so that worker processes loading ``vncards.cli.sim`` stay light.
"""
