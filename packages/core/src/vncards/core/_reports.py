"""What the referee answers: its report on a record, with the first illegal action,
the penalised legal ones and every payment itemised (a JSON contract other apps read)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["ErrorReport", "RefereeReport", "TransferReport", "ViolationReport"]


class ErrorReport(BaseModel):
    """The first illegal action of a record."""

    index: int = Field(description="Position of the action in the record's actions.")
    player: str = Field(description="Who tried it.")
    code: str = Field(description="Stable reason, e.g. does-not-beat or not-your-turn.")
    message: str = Field(description="One sentence for people.")


class ViolationReport(BaseModel):
    """A legal action that carries a penalty (Sâm báo một, Tứ Sắc đền)."""

    index: int = Field(description="Position of the action in the record's actions.")
    player: str = Field(description="Who is penalised.")
    rule: str = Field(description="The rule's code on the game's rules page.")
    message: str = Field(description="One sentence for people.")


class TransferReport(BaseModel):
    """One itemised payment: who pays whom, how much (lá × bet) and why."""

    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

    from_: str = Field(alias="from", description="Who pays.")
    to: str = Field(description="Who receives.")
    amount: int = Field(description="Lá × bet; never negative.")
    reason: str = Field(description="Why, as a code listed on the game's rules page.")


class RefereeReport(BaseModel):
    """What the referee rules on a record.

    >>> r = RefereeReport(game="g", variant="v", legal=True, finished=False, outcome=None,
    ...                   winner=None, instant_win=None, payments={"A": 0}, violations=[],
    ...                   error=None)
    >>> r.model_dump()["payments"]
    {'A': 0}
    """

    model_config = ConfigDict(
        json_schema_extra={
            "description": "The referee's ruling on a record: legality, outcome and who pays"
            " whom (net lá × bet per player, summing to zero)."
        }
    )

    game: str = Field(description="The game's plugin name.")
    variant: str = Field(description="The preset the record was played under.")
    legal: bool = Field(description="False when an action was illegal (see error).")
    finished: bool = Field(description="Whether the game reached its end.")
    outcome: str | None = Field(
        description="How the game ended (win, instant-win, sam-success, sam-failed, draw,"
        " showdown, or a code on the game's rules page); null while unfinished."
    )
    winner: str | None = Field(
        description="Who won (after a failed Sâm, the blocker); null for a draw or unfinished."
    )
    instant_win: str | None = Field(description="The instant-win hand's code, else null.")
    payments: dict[str, int] = Field(
        description="Net lá × bet per player, positive = receives; sums to zero."
    )
    transfers: list[TransferReport] = Field(
        default_factory=list,
        description="Every payment itemised; their net is exactly the payments.",
    )
    violations: list[ViolationReport] = Field(description="Legal acts that carry a penalty.")
    error: ErrorReport | None = Field(description="The first illegal action, else null.")
