"""A small SVG builder shared by every game's picture (standard library only).

Pictures are ElementTree elements: each piece is a group or shape with a ``class`` naming what it is
(``tile``, ``monk``, ``hex``, ...) and ``data-*`` attributes saying where it is, so tests can count
pieces and the web page can tell what was clicked. ``Drawing`` collects them and ``Svg`` is the
finished text, which notebooks draw (``_repr_svg_``), as python-chess's pictures do::

    >>> d = Drawing(100, 50, title="A square")
    >>> d.add(d.root, "rect", x=10, y=10, width=30, height=30, class_="cell", data_x=0)  # doctest: +ELLIPSIS
    <Element 'rect' at ...>
    >>> picture = d.to_svg(size=200)
    >>> picture.count('class="cell"'), 'width="200"' in picture
    (1, True)
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

from solver.core.errors import RenderError

SVG_NS = "http://www.w3.org/2000/svg"

VIRTUE_COLOURS = {
    "blue": "#2f6fd0", "green": "#3a9a48", "purple": "#8a4fc0", "red": "#d23c3c", "yellow": "#e0b020",
}  # fmt: skip
"""The five GODŌ virtue colours (also used for anything coloured by virtue)."""

PLAYER_COLOURS = ("#e4572e", "#17bebb", "#ffc914", "#76b041", "#9c6ade", "#2e282a", "#f28482", "#5f0f40")
"""One colour per seat, in seat order (up to 8 players, Kokoro's maximum)."""

HIGHLIGHT = "#ff2d95"
"""The colour of a suggested turn drawn over the position."""


class Svg(str):
    """The text of an SVG picture; notebooks (IPython, Jupyter) draw it."""

    def _repr_svg_(self) -> str:
        return str(self)

    def png(self) -> bytes:
        """The picture as PNG bytes (needs cairosvg: ``pip install "solver[png]"``).

        Raises:
            ImportError: cairosvg (or the cairo library under it) is missing; the message says how
                to install it.
        """
        try:
            import cairosvg
        except (ImportError, OSError) as exc:
            raise ImportError(f'PNG pictures need cairosvg and cairo: pip install "solver[png]" ({exc})') from None
        return cairosvg.svg2png(bytestring=self.encode("utf-8"))


def _attr(value: Any) -> str:
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"an SVG attribute must be finite, got {value}")
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def _name(key: str) -> str:
    """``class_`` -> ``class``, ``data_x`` -> ``data-x``, ``stroke_width`` -> ``stroke-width``."""
    return key.rstrip("_").replace("_", "-")


class Drawing:
    """An SVG picture being built on a ``width`` x ``height`` canvas (the ``viewBox``)."""

    def __init__(self, width: float, height: float, title: str = "", background: str = "#fbf7ef") -> None:
        self.width = width
        self.height = height
        self.root = ET.Element("svg", {"xmlns": SVG_NS, "viewBox": f"0 0 {_attr(width)} {_attr(height)}"})
        self.defs = ET.SubElement(self.root, "defs")
        if title:
            ET.SubElement(self.root, "title").text = title
        self.add(self.root, "rect", x=0, y=0, width=width, height=height, fill=background, class_="background")
        self._markers: set[str] = set()

    def add(self, parent: ET.Element, tag: str, **attrs: Any) -> ET.Element:
        """A child element of ``parent``; keyword names become SVG names (see ``_name``), ``None``
        values are left out."""
        return ET.SubElement(parent, tag, {_name(k): _attr(v) for k, v in attrs.items() if v is not None})

    def group(self, parent: ET.Element, **attrs: Any) -> ET.Element:
        """A ``<g>`` inside ``parent``."""
        return self.add(parent, "g", **attrs)

    def text(self, parent: ET.Element, x: float, y: float, content: str, size: float = 12, **attrs: Any) -> ET.Element:
        """A line of text whose middle sits at ``x`` (``text-anchor`` may change that) and baseline at ``y``."""
        attrs.setdefault("text_anchor", "middle")
        attrs.setdefault("font_family", "sans-serif")
        element = self.add(parent, "text", x=x, y=y, font_size=size, **attrs)
        element.text = content
        return element

    def polygon(self, parent: ET.Element, points: list[tuple[float, float]], **attrs: Any) -> ET.Element:
        """A closed polygon through ``points``."""
        return self.add(parent, "polygon", points=" ".join(f"{_attr(float(x))},{_attr(float(y))}" for x, y in points), **attrs)

    def polyline(self, parent: ET.Element, points: list[tuple[float, float]], **attrs: Any) -> ET.Element:
        """An open line through ``points``."""
        attrs.setdefault("fill", "none")
        return self.add(parent, "polyline", points=" ".join(f"{_attr(float(x))},{_attr(float(y))}" for x, y in points), **attrs)

    def arrow(self, parent: ET.Element, points: list[tuple[float, float]], colour: str = HIGHLIGHT,
              width: float = 3, **attrs: Any) -> ET.Element:
        """A route through ``points`` with an arrowhead at its end (a suggested move)."""
        marker = f"arrow-{colour.lstrip('#')}"
        if marker not in self._markers:
            self._markers.add(marker)
            m = self.add(self.defs, "marker", id=marker, viewBox="0 0 10 10", refX=8, refY=5,
                         markerWidth=5, markerHeight=5, orient="auto-start-reverse")  # fmt: skip
            self.add(m, "path", d="M 0 0 L 10 5 L 0 10 z", fill=colour)
        return self.polyline(parent, points, stroke=colour, stroke_width=width, stroke_linecap="round",
                             stroke_linejoin="round", marker_end=f"url(#{marker})", **attrs)  # fmt: skip

    def to_svg(self, size: float | None = None) -> Svg:
        """The finished picture; ``size`` is its width in pixels (the height keeps the proportions)."""
        if size is not None:
            if not (isinstance(size, (int, float)) and not isinstance(size, bool) and 16 <= size <= 10000):
                raise RenderError("size", f"expected a width in pixels from 16 to 10000, got {size!r}")
            self.root.set("width", _attr(float(size)))
            self.root.set("height", _attr(float(size) * self.height / self.width))
        return Svg(ET.tostring(self.root, encoding="unicode"))
