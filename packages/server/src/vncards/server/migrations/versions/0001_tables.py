"""The first schema: tables and their steps.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables' and the steps' tables."""
    op.create_table(
        "vncards_tables",
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
    )
    op.create_index("vncards_tables_live", "vncards_tables", ["archived", "last_active"])
    op.create_index("vncards_tables_deadline", "vncards_tables", ["deadline"])
    op.create_table(
        "vncards_steps",
        sa.Column(
            "table_id",
            sa.String(64),
            sa.ForeignKey("vncards_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("step", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    """Drop both."""
    op.drop_table("vncards_steps")
    op.drop_index("vncards_tables_deadline", "vncards_tables")
    op.drop_index("vncards_tables_live", "vncards_tables")
    op.drop_table("vncards_tables")
