"""Build script: the metadata lives in pyproject.toml; this file builds the optional C kernels.

The C kernels (``csrc/``) are compiled with cffi when a C compiler is present. Without one the
install still succeeds: the build prints one line saying the C kernels were skipped, and
``solver.load_game(..., backend="c")`` says they were not built.
"""

from setuptools import setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """Build the C extensions if possible; never fail the install because of them."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, no headers: the package works without them
            print(f"solver: the C kernels were skipped ({exc}); the reference and numba backends work")

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            print(f"solver: the C kernels were skipped ({exc}); the reference and numba backends work")


setup(
    cffi_modules=["solver/games/godo/ckernel.py:ffibuilder"],
    cmdclass={"build_ext": OptionalBuildExt},
)
