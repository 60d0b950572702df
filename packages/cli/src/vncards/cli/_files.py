"""Files a command writes (a chart, a page, a game record): whole, or not there at all.

Each is written to a new file beside the target and put in the target's place only
once every byte is on disk, so a full disk or an interruption never leaves an empty or
cut file where the target was, and never claims success. A target that is there and
is not a regular file (a device such as ``/dev/null`` or ``/dev/full``, a named pipe) is
written to as it is, every write checked, and never replaced by a file.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

from vncards.cli._common import InputError, plain

__all__ = ["OutputFile", "part_file", "write_whole"]


def _failed(what: str, target: Path, e: OSError) -> InputError:
    return InputError(f"cannot write {what} to {plain(target)}: {e.strerror or e}")


def part_file(target: Path) -> IO[str]:
    """A new, empty text file beside ``target`` (``.NAME.XXXX.part``), kept when closed:
    where ``target`` is written before it takes the target's place (OSError when none
    can be made there)."""
    return tempfile.NamedTemporaryFile(  # closed by the caller
        "w",
        encoding="utf-8",
        dir=target.parent,
        prefix=f".{target.name}.",
        suffix=".part",
        delete=False,
    )


def _settle(part: Path, target: Path) -> None:
    """Give ``part`` the target's permissions (a new file's, under the umask, when there
    is no target yet: a temporary file is made private), then put it in its place."""
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(part, mode)
    os.replace(part, target)


def _special(target: Path) -> bool:
    return target.exists() and not target.is_file() and not target.is_dir()


class OutputFile:
    """A text file being written for ``target``: opened at once (an unwritable place is
    an :class:`InputError` before any work), written with :meth:`write`, put in place by
    :meth:`commit` or dropped by :meth:`discard` (the target then stays as it was);
    once either is done, both do nothing.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> out = OutputFile(folder / "game.json", "the record")
    >>> (folder / "game.json").exists()
    False
    >>> out.write("{}\\n")
    >>> out.commit()
    >>> (folder / "game.json").read_text(), sorted(p.name for p in folder.iterdir())
    ('{}\\n', ['game.json'])
    """

    def __init__(self, target: Path, what: str) -> None:
        self.target = target
        self.what = what
        if target.is_dir():
            raise InputError(f"cannot write {what} to {plain(target)}: it is a folder")
        try:
            if _special(target):
                self._file: IO[str] = open(target, "w", encoding="utf-8")  # noqa: SIM115
                self._direct = True
            else:
                self._file = part_file(target)
                self._direct = False
        except OSError as e:
            raise _failed(what, target, e) from None
        self._done = False

    def write(self, text: str) -> None:
        """Write ``text`` and flush it; a full disk is an :class:`InputError` at once."""
        try:
            self._file.write(text)
            self._file.flush()
        except OSError as e:
            self.discard()
            raise _failed(self.what, self.target, e) from None

    def commit(self) -> None:
        """Everything is written: put the file in the target's place."""
        if self._done:
            return
        self._done = True
        try:
            if self._direct:
                self._file.close()
                return
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()
            _settle(Path(self._file.name), self.target)
        except OSError as e:
            self.discard()
            raise _failed(self.what, self.target, e) from None

    def discard(self) -> None:
        """Drop what was written (the target is left as it was)."""
        self._done = True
        with contextlib.suppress(OSError):
            self._file.close()
        if not self._direct:
            Path(self._file.name).unlink(missing_ok=True)


def write_whole(target: Path, write: Callable[[Path], None], what: str) -> None:
    """Run ``write(path)``, which writes a whole file at ``path``, for ``target``: into
    a new file beside it (in the temporary folder for a device or a pipe), then into
    its place; any failure is an :class:`InputError` and leaves the target as it was.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_whole(folder / "page.html", lambda p: p.write_text("<p>hi</p>"), "the page")
    >>> sorted(p.name for p in folder.iterdir())
    ['page.html']
    """
    special = _special(target)
    try:
        fd, name = tempfile.mkstemp(  # the target's suffix kept: it may name a format
            dir=None if special else target.parent,
            prefix=f".{target.name}.",
            suffix=f".part{target.suffix}",
        )
    except OSError as e:
        raise _failed(what, target, e) from None
    os.close(fd)
    part = Path(name)
    try:
        write(part)
        if special:
            with part.open("rb") as source, target.open("wb") as sink:
                shutil.copyfileobj(source, sink)
                sink.flush()
        else:
            with part.open("rb+") as f:
                os.fsync(f.fileno())
            _settle(part, target)
    except OSError as e:
        raise _failed(what, target, e) from None
    finally:
        part.unlink(missing_ok=True)
