"""A Griffe extension for the API reference: the ``env`` and ``raw_env`` of a module
``vncards.envs.<game>_v0`` are made by one call (``env, raw_env = game_envs(...)``),
and a ``parallel_env`` by another (``parallel_env = game_parallel_env(...)``), which
reading the source cannot see through; this takes them from the module as it runs
(with their signatures and their docstrings naming the game), placed where the call
stands.
"""

from __future__ import annotations

import ast
import re
from typing import Any

import griffe

GAME_MODULE = re.compile(r"vncards\.envs\.[a-z]\w*_v0")


FACTORIES = frozenset({"game_envs", "game_parallel_env"})


def made_names(tree: ast.Module) -> dict[str, int]:
    """The names a module's top-level calls of the factories bind, each with its line.

    >>> made_names(ast.parse(
    ...     "x = 1\\nenv, raw_env = game_envs('g', 'G', __name__)\\n"
    ...     "parallel_env = game_parallel_env('g', 'G', __name__, 'all at once')\\n"
    ...     "y = str('z')"))
    {'env': 2, 'raw_env': 2, 'parallel_env': 3}
    """
    lines: dict[str, int] = {}
    for statement in tree.body:
        if not (isinstance(statement, ast.Assign) and _calls_a_factory(statement.value)):
            continue
        for target in statement.targets:
            named = target.elts if isinstance(target, ast.Tuple) else [target]
            names = [e.id for e in named if isinstance(e, ast.Name)]
            lines.update(dict.fromkeys(names, statement.lineno))
    return lines


def _calls_a_factory(value: ast.expr) -> bool:
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in FACTORIES
    )


class GameEnvs(griffe.Extension):
    """Adds the functions a game's module binds by calling a factory, as they run."""

    def on_module_members(self, *, node: Any, mod: griffe.Module, agent: Any, **_: Any) -> None:
        if not (isinstance(agent, griffe.Visitor) and GAME_MODULE.fullmatch(mod.path)):
            return
        made = {
            n: line
            for n, line in made_names(node).items()
            if not isinstance(mod.members.get(n), griffe.Function)
        }
        if not made:
            return
        running = griffe.inspect(mod.path, docstring_parser=agent.docstring_parser)
        for name, line in made.items():
            function = running.members.get(name)
            if isinstance(function, griffe.Function):
                function.lineno = function.endlineno = line
                mod.set_member(name, function)
