"""The stored tables' schema, as SQLAlchemy tables (the migrations build the same)."""

from __future__ import annotations

import sqlalchemy as sa

__all__ = ["METADATA", "STEPS", "TABLES"]

METADATA = sa.MetaData()

TABLES = sa.Table(
    "vncards_tables",
    METADATA,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("variant", sa.String(64), nullable=True),
    sa.Column("rules", sa.JSON, nullable=False),
    sa.Column("players", sa.JSON, nullable=False),
    sa.Column("bots", sa.JSON, nullable=False),
    sa.Column("tokens", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("first", sa.Integer, nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("last_active", sa.Float, nullable=False),
    sa.Column("steps", sa.Integer, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("archived", sa.Boolean, nullable=False),
    sa.Column("deadline", sa.Float, nullable=True),
    sa.Column("clock_seconds", sa.Float, nullable=True),
    sa.Column("match", sa.JSON, nullable=True),
    sa.Column("open_seats", sa.JSON, nullable=True),
    sa.Index("vncards_tables_live", "archived", "last_active"),
    sa.Index("vncards_tables_deadline", "deadline"),
    sa.Index("vncards_tables_lobby", "finished", "created"),
)
"""One row a table: its deal, rules, seats, and how many steps it has (its version);
``open_seats`` the seats nobody has taken yet (NULL when none: the lobby lists the
rest)."""

STEPS = sa.Table(
    "vncards_steps",
    METADATA,
    sa.Column(
        "table_id",
        sa.String(64),
        sa.ForeignKey("vncards_tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("step", sa.JSON, nullable=False),
)
"""One row a step of a table, numbered from 0: a step is kept at an index only once."""
