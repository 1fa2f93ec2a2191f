"""A game state held as one flat int64 array and run by a compiled kernel: the shared Python API.

Every compiled backend keeps its state in one ``int64`` array so the searchers (compiled with
numba) can copy and step it without Python. This base class is the OpenSpiel-style API over such an
array; each game subclasses it with what is its own: where the player count sits in the array, how
to go to and from the reference engine (positions and words are the reference's), and extras such
as ``scores`` or ``title``.

A kernel module provides (all compiled, over ``int64[::1]`` state arrays)::

    legal_actions(s, out) -> n          apply_action(s, action)   (at a chance node: the outcomes)
    chance_outcomes(s, acts, odds) -> n current_player(s)   (CHANCE = -1, TERMINAL = -4)
    is_terminal(s)                      returns(s, out)      (out: float64[8])
    determinize(s, observer, rng)       heuristic(s, params, out)
    state_hash(s)                       next_random(rng), random_below(rng, n)
    random_playouts(template, n, rng, steps, results)
    BUFFER (room for legal actions), HEURISTIC_PARAMS (float64 weights)
    MULTIPLAYER_MCTS_PARAMS (optional: the game's own ``solver.search.mcts.DEFAULT_PARAMS`` with
    two or more players)

Chance nodes have at most ``MAX_CHANCE_OUTCOMES`` outcomes (the searchers size their buffers so).

**What a kernel may be handed.** The kernels index the array with its own words (a player, a
tile, a point, a die) and run loops counted by them, without checking (that is what makes them
fast): a word out of range makes them read or write outside the array, or loop for ever. Each game
therefore describes its words (``Words``: a name and a range per word, and the relations between
words that its loops rely on). ``KernelState`` runs ``Words.check`` on every array it is built
over (``from_reference`` included: a reference state read from a position is converted, then
checked), so a kernel is never handed a state it can crash or hang on: every word in range, the
relations hold, and something can be chosen (an action, a chance outcome) unless the game is over.
``clone`` copies a checked state. Writing into ``state.array`` by hand is unsupported unless
``state.check()`` passes afterwards.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from solver.core.actions import legal_action
from solver.core.errors import PositionError
from solver.core.jit import njit
from solver.core.players import CHANCE
from solver.core.strict_json import join, positions, show

MAX_CHANCE_OUTCOMES = 64
"""The most outcomes a chance node of any game may have."""

MAX_PLAYERS = 8
"""The most players of any game (the size of the kernels' ``returns`` vector)."""

WORD_MIN, WORD_MAX = -(1 << 63), (1 << 63) - 1
"""The values an ``int64`` word can hold."""


def array_problem(
    value: Any, dtype: Any, length: int | None = None, min_length: int = 0, writable: bool = False
) -> str | None:
    """What keeps ``value`` from being handed to compiled code as a 1-D, C-contiguous numpy array
    of ``dtype`` (of exactly ``length``, at least ``min_length`` entries, writable), or ``None``.

        >>> array_problem(np.zeros(3), np.int64)
        'expected dtype int64, got float64'
    """
    if not isinstance(value, np.ndarray):
        return f"expected a numpy array, got {type(value).__name__}"
    if value.dtype != dtype:
        return f"expected dtype {np.dtype(dtype).name}, got {value.dtype}"
    if value.ndim != 1:
        return f"expected a 1-D array, got shape {value.shape}"
    if not value.flags.c_contiguous:
        return "the array must be C-contiguous"
    if length is not None and value.shape[0] != length:
        return f"expected length {length}, got {value.shape[0]}"
    if value.shape[0] < min_length:
        return f"expected length at least {min_length}, got {value.shape[0]}"
    if writable and not value.flags.writeable:
        return "the array must be writable"
    return None


@njit("int64(int64[::1], int64[::1], int64[::1])", cache=True, _nrt=False)
def _out_of_range(s, low, high):
    """The first index whose word is outside ``[low, high]``, or -1."""
    for i in range(s.shape[0]):
        if s[i] < low[i] or s[i] > high[i]:
            return i
    return -1


class Words:
    """The words of one game's state array as its kernels need them: each word's name and range,
    and the relations between words that no range can say (a player below the player count, a
    die among the dice rolled, the bitboards that the tiles laid make).

    Args:
        size: the length of a state array.
        fields: ``(name, start, count, low, high)``: words ``start`` to ``start + count - 1``,
            named ``name`` (one word) or ``name[0]``, ``name[1]``..., each within ``[low, high]``
            (``WORD_MIN``/``WORD_MAX``: no bound). Every word is in some field.
        relations: compiled, ``int64(int64[::1])`` each, run in order once every word is in range:
            the index of a word that does not agree with the others, or -1. One may index with a
            word that the relations before it checked, never with an unchecked one.
        kernel: the game's numba kernel, to ask whether the state has something to choose.

        >>> from solver.games.godo.array_words import WORDS
        >>> WORDS.name(WORDS.size - 1)
        'winners'
    """

    def __init__(
        self,
        size: int,
        fields: Iterable[tuple[str, int, int, int, int]],
        relations: Sequence[Callable[[np.ndarray], int]],
        kernel: Any,
    ) -> None:
        self.size = size
        # A word no field names fits no range: the assertion below reports it.
        self.low = np.full(size, WORD_MAX, np.int64)
        self.high = np.full(size, WORD_MIN, np.int64)
        self._names = [""] * size
        for name, start, count, low, high in fields:
            self.low[start : start + count], self.high[start : start + count] = low, high
            for i in range(count):
                self._names[start + i] = name if count == 1 else f"{name}[{i}]"
        missing = [i for i, name in enumerate(self._names) if not name]
        assert not missing, f"words without a field: {missing[:10]}"
        self.relations = tuple(relations)
        self.kernel = kernel
        self._buffer = np.empty(kernel.BUFFER, np.int64)  # scratch: only the count is read

    def name(self, index: int) -> str:
        """The name of word ``index`` (``hand[2]``)."""
        return self._names[index]

    def check(self, array: Any, field: str = "array", writable: bool = False) -> np.ndarray:
        """``array``, if the kernels can run on it: a state array of the right shape (and
        ``writable``) whose every word is in range and agrees with the others, with an action or a
        chance outcome to choose unless the game is over. An array that passes may still be a
        position no game reaches (the reference reader, ``state_from_json``, is the judge of
        that); the kernels play it without reading or writing outside it and without looping
        for ever.

        Raises:
            PositionError: naming the word, ``array.players: expected 1 to 5, got 9``.
        """
        problem = array_problem(array, np.int64, length=self.size, writable=writable)
        if problem:
            raise PositionError(field, problem)
        if not array.flags.writeable:  # the compiled checks take writable arrays
            array = array.copy()
        bad = _out_of_range(array, self.low, self.high)
        if bad >= 0:
            low, high = int(self.low[bad]), int(self.high[bad])
            positions.integer(int(array[bad]), join(field, self.name(bad)),  # raises: out of range
                              None if low == WORD_MIN else low, None if high == WORD_MAX else high)  # fmt: skip
        for relation in self.relations:
            bad = relation(array)
            if bad >= 0:
                message = f"{show(int(array[bad]))} does not agree with the rest of the state"
                raise PositionError(join(field, self.name(bad)), message)
        if not self.kernel.is_terminal(array) and not self.kernel.legal_actions(array, self._buffer):
            raise PositionError(field, "nothing can be chosen in this state, and the game is not over")
        return array


class KernelState:
    """A state on a compiled kernel: ``self.array`` stepped by ``self.kernel``.

    ``array`` belongs to the kernel: writing into it by hand is unsupported unless ``check()``
    passes afterwards (and even then the position may be one no game reaches; ``to_json`` and
    ``state_from_json`` are the way to edit a position).

    Subclasses set ``layout`` (the game's layout module: where the array holds the player count,
    the phase and the winners, ``PLAYERS``, ``PHASE`` and ``WINNERS``, and ``PHASES``, the phase
    names as the reference names them), ``WORDS`` (its ``Words``), ``default_kernel`` (the game's
    numba kernel module) and ``convert`` (the game's module with ``from_reference(ref) -> array``
    and ``to_reference(array, pack)``), and implement ``pack_words`` (and ``scores``, if their
    kernel has no ``score(s, player)``).
    """

    layout: Any = None
    WORDS: Words
    default_kernel: Any = None
    convert: Any = None

    def __init__(self, array: np.ndarray, pack: Any, kernel: Any = None) -> None:
        """A state over ``array`` (not copied) made with the component ``pack``, run by ``kernel``
        (the numba one by default).

        Raises:
            PositionError: ``check()`` refused the array, naming the word.
        """
        self.pack = pack
        self.array = array
        self.kernel = self.default_kernel if kernel is None else kernel
        self._buffer = np.empty(self.kernel.BUFFER, np.int64)
        self._cached: tuple[bytes, Any] | None = None
        self.check()

    def check(self) -> None:
        """Refuse an array the kernels cannot run safely (``Words.check``) or that holds another
        pack than ``self.pack``: run it after writing into ``array`` by hand.

        Raises:
            PositionError: naming the first bad word (``array.hand[2]: ...``).
        """
        self.WORDS.check(self.array, writable=True)
        start, words = self.pack_words()
        differ = np.flatnonzero(self.array[start : start + len(words)] != words)
        if differ.size:
            word = self.WORDS.name(start + int(differ[0]))
            raise PositionError(join("array", word), "does not match the pack")

    def pack_words(self) -> tuple[int, np.ndarray]:
        """Where the component pack lies in the array, and its words there for ``self.pack``."""
        raise NotImplementedError

    @classmethod
    def from_reference(cls, ref: Any, kernel: Any = None) -> KernelState:
        """The same state as ``ref`` (on the reference engine), run by ``kernel``."""
        return cls(cls.convert.from_reference(ref), ref.pack, kernel)

    def to_reference(self) -> Any:
        """The same state on the reference engine."""
        return self.convert.to_reference(self.array, self.pack)

    @property
    def phase(self) -> str:
        """The phase, named as the reference engine names it."""
        return self.layout.PHASES[self.array[self.layout.PHASE]]

    def turn_start(self) -> bool:
        """Whether this is the first decision of a player's turn (as the reference's
        ``turn_start``)."""
        return bool(self.default_kernel.turn_start(self.array))

    def scores(self) -> list[int]:
        """Each player's score so far (the final score once the game is over), by the kernel's
        ``score(s, player)``."""
        return [int(self.default_kernel.score(self.array, p)) for p in range(self.players)]

    @property
    def winners(self) -> list[int]:
        """The players who won (none until the game is over)."""
        mask = int(self.array[self.layout.WINNERS])
        return [p for p in range(self.players) if mask >> p & 1]

    def kernel_state(self) -> KernelState:
        """The state on a compiled kernel, for the searchers: this one."""
        return self

    def search_kernel(self) -> Any:
        """The kernel module the searchers (compiled with numba) close over for this backend: the
        numba kernel itself; a game with other kernels maps them to numba-callable wrappers."""
        return self.kernel

    def clone(self) -> KernelState:
        """An independent copy (the array copied, nothing checked again)."""
        other = copy.copy(self)
        other.array = self.array.copy()
        other._buffer = np.empty(self.kernel.BUFFER, np.int64)
        return other

    @property
    def backend(self) -> str:
        """The backend this state runs on: ``"numba"`` or ``"c"``."""
        return "numba" if self.kernel is self.default_kernel else "c"

    @property
    def players(self) -> int:
        return int(self.array[self.layout.PLAYERS])

    def current_player(self) -> int:
        return int(self.kernel.current_player(self.array))

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return bool(self.kernel.is_terminal(self.array))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        actions = np.empty(MAX_CHANCE_OUTCOMES, np.int64)
        odds = np.empty(MAX_CHANCE_OUTCOMES, np.float64)
        n = self.kernel.chance_outcomes(self.array, actions, odds)
        return [(int(a), float(p)) for a, p in zip(actions[:n], odds[:n])]

    def legal_actions(self) -> list[int]:
        n = self.kernel.legal_actions(self.array, self._buffer)
        return self._buffer[:n].tolist()

    def apply_action(self, action: int) -> None:
        """Resolve one decision or chance outcome, in place.

        Raises:
            IllegalActionError: the action is not a legal integer here (``core.actions``, the same
                check and message as the reference engine's); the state is unchanged.
        """
        self.apply_legal_action(legal_action(self, action))

    def apply_legal_action(self, action: int) -> None:
        """``apply_action`` without the legality check."""
        self.kernel.apply_action(self.array, action)

    def returns(self) -> list[float]:
        out = np.zeros(MAX_PLAYERS)
        self.kernel.returns(self.array, out)
        return out[: self.players].tolist()

    def _view(self) -> Any:
        """The reference state of the array as it is now, converted once per position: the words of
        every legal action, the JSON and the text all read it (never modify it)."""
        key = self.array.tobytes()
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, self.to_reference())
        return self._cached[1]

    def action_to_string(self, action: int) -> str:
        return self._view().action_to_string(action)

    def to_json(self, observer: int | None = None) -> dict[str, Any]:
        return self._view().to_json(observer)

    def __str__(self) -> str:
        return str(self._view())
