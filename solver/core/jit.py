"""numba's ``njit`` for the kernels, with the declared signature compiled at first use, not at import.

``@njit("int64(int64[::1])", cache=True)`` from numba compiles the signature (or loads it from the
disk cache) while the module is imported: importing a game's kernel loaded every one of its
functions, some 60 to 90 of them at about 3 ms each, although a search loads its own compiled code
whole and calls the kernel's functions only from inside it. ``solver.core.jit.njit`` takes the same
arguments and gives a dispatcher that compiles (or loads) its one declared signature the first time
it is needed: called from Python, or typed as the callee of another numba function while that one
compiles. From then on it is the dispatcher the eager decorator would have made, compilation
disabled, so arguments convert to the declared types exactly as before::

    >>> @njit("int64(int64)", cache=False)
    ... def twice(x):
    ...     return 2 * x
    >>> twice.signatures, twice(True), twice.signatures
    ([], 2, [(int64,)])

The functions of the searchers (``solver.search.compiled``) and the C kernel's wrappers take no
signature and use numba's own ``njit``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba.core import typeinfer
from numba.core.compiler_lock import global_compiler_lock
from numba.core.registry import CPUDispatcher

IMPORT_FLAGS = {"_nrt": True, "fastmath": False, "error_model": "python", "forceinline": False}
"""What a function compiled at import gets for the flags it does not set. numba lets a function
compiled while another one compiles take that one's (``Flags.inherit_if_not_set``): a function that
allocates arrays, first needed by one compiled with ``_nrt=False``, would fail to compile."""


class DeclaredDispatcher(CPUDispatcher):
    """A CPU dispatcher of one declared signature, compiled (or loaded from the cache) on first use.

    Every way numba asks a dispatcher for its compiled code passes through ``declare`` first: a call
    from Python (``_compile_for_args``, which numba's C dispatcher calls when nothing compiled
    matches), the typing of a call from numba code (``get_call_template``), a first-class function
    (``get_compile_result``, ``get_function_type``) and pickling (``_reduce_states``).
    """

    _declared: str | None = None  # set by ``njit`` (unpickled, numba's ``_rebuild`` compiles it)

    def declare(self) -> None:
        """Compile the declared signature (once) and disable further compilation, as numba's eager
        ``njit(signature)`` does at import."""
        with global_compiler_lock:  # reentrant; threads may race to a function's first call
            if self._declared is None or not self._can_compile:
                return
            with typeinfer.register_dispatcher(self):  # as numba's decorator: recursion types
                self.compile(self._declared)
            self.disable_compile()

    def _compile_for_args(self, *args: Any, **kws: Any) -> Any:
        if self._declared is None:
            return super()._compile_for_args(*args, **kws)
        self.declare()
        return self  # numba's C dispatcher calls it again: now it matches, converts, or says why not

    def get_call_template(self, args: Any, kws: Any) -> Any:
        self.declare()
        return super().get_call_template(args, kws)

    def get_compile_result(self, sig: Any) -> Any:
        self.declare()
        return super().get_compile_result(sig)

    def get_function_type(self) -> Any:
        self.declare()
        return super().get_function_type()

    def _reduce_states(self) -> dict[str, Any]:
        self.declare()
        return super()._reduce_states()


def njit(signature: str, *, cache: bool = False, **options: Any) -> Callable[[Callable[..., Any]], DeclaredDispatcher]:
    """``numba.njit(signature, cache=cache, **options)``, the signature compiled at first use."""

    def wrap(function: Callable[..., Any]) -> DeclaredDispatcher:
        # the target options numba's ``jit`` makes of njit's keywords, over ``IMPORT_FLAGS``
        targetoptions = {**IMPORT_FLAGS, **options, "nopython": True, "boundscheck": None}
        dispatcher = DeclaredDispatcher(function, locals={}, targetoptions=targetoptions)
        dispatcher._declared = signature
        if cache:
            dispatcher.enable_caching()
        return dispatcher

    return wrap
