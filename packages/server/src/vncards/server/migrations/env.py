"""Alembic's entry: migrations run on the connection the store hands over."""

from __future__ import annotations

from alembic import context
from vncards.server._schema import METADATA


def run() -> None:
    """Run the migrations up to the revision Alembic was asked for."""
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=METADATA)
    with context.begin_transaction():
        context.run_migrations()


if getattr(context, "config", None) is not None:  # only when Alembic runs this file
    run()
