"""A Griffe extension for the API reference: the ``env`` and ``raw_env`` of a module
``vncards.envs.<game>_v0`` are made by one call (``env, raw_env = game_envs(...)``),
which reading the source cannot see through; this takes them from the module as it
runs (with their signatures and their docstrings naming the game), placed where the
call stands.
"""

from __future__ import annotations

import ast
import re
from typing import Any

import griffe

GAME_MODULE = re.compile(r"vncards\.envs\.[a-z]\w*_v0")


def made_names(tree: ast.Module) -> dict[str, int]:
    """The names a module's top-level tuple assignments bind, each with its line.

    >>> made_names(ast.parse("x = 1\\nenv, raw_env = game_envs('g', 'G', __name__)"))
    {'env': 2, 'raw_env': 2}
    """
    lines: dict[str, int] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Tuple):
                    names = [e.id for e in target.elts if isinstance(e, ast.Name)]
                    lines.update(dict.fromkeys(names, statement.lineno))
    return lines


class GameEnvs(griffe.Extension):
    """Adds the functions a game's module binds by tuple assignment, as they run."""

    def on_module_members(self, *, node: Any, mod: griffe.Module, agent: Any, **_: Any) -> None:
        if not (isinstance(agent, griffe.Visitor) and GAME_MODULE.fullmatch(mod.path)):
            return
        made = {n: line for n, line in made_names(node).items() if n not in mod.members}
        if not made:
            return
        running = griffe.inspect(mod.path, docstring_parser=agent.docstring_parser)
        for name, line in made.items():
            function = running.members.get(name)
            if isinstance(function, griffe.Function):
                function.lineno = function.endlineno = line
                mod.set_member(name, function)
