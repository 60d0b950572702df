"""Loads the compiled modules of the environments, when they were built from these very
sources (see ``vncards.core._native``)."""

from vncards.core._native import select_build

select_build(__name__.rpartition(".")[0])
