"""The lobby: a table's seats that anyone may still take.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the open seats (NULL: none) and the lobby's index."""
    op.add_column("vncards_tables", sa.Column("open_seats", sa.JSON, nullable=True))
    op.create_index("vncards_tables_lobby", "vncards_tables", ["finished", "created"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("vncards_tables_lobby", "vncards_tables")
    op.drop_column("vncards_tables", "open_seats")
