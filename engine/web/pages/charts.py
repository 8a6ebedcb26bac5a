"""Bar charts of probability distributions as inline SVG geometry.

The page draws the SVG from these numbers (templates/engine/includes/
bar_chart.html): no JavaScript, no chart library, colours from the site's CSS
variables so light and dark themes both work.
"""
from __future__ import annotations

from dataclasses import dataclass, field

MIN_WIDTH, MAX_WIDTH, BAR_WIDTH, HEIGHT = 320, 640, 40, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 12, 34
# A chart of few bars gets a narrow viewBox, so its text stays readable on a phone;
# the page caps its width at 1.5x so it does not balloon on a desktop.
MAX_X_LABELS = 16  # thin the axis labels of long distributions


@dataclass
class Bar:
    label: str
    value: float
    x: float
    y: float
    width: float
    height: float
    css: str
    label_shown: bool
    note: str = ""

    @property
    def percent(self) -> str:
        return f"{self.value * 100:.2f}%"

    @property
    def label_x(self) -> float:
        return self.x + self.width / 2


@dataclass
class Chart:
    title: str
    description: str
    x_label: str
    bars: list[Bar]
    width: int
    ticks: list[dict] = field(default_factory=list)
    height: int = HEIGHT
    left: int = LEFT
    base_y: int = HEIGHT - BOTTOM
    legend: list[dict] = field(default_factory=list)

    @property
    def plot_right(self) -> int:
        return self.width - RIGHT

    @property
    def max_css_width(self) -> int:
        return self.width * 3 // 2

    @property
    def x_label_y(self) -> int:
        return self.height - 4


def bar_chart(points: list[tuple[str, float]], *, title: str, description: str, x_label: str,
              css: list[str] | None = None, notes: list[str] | None = None,
              legend: list[dict] | None = None) -> Chart:
    """``points``: (label, probability) in axis order; ``css``: a class per bar."""
    width = max(MIN_WIDTH, min(MAX_WIDTH, LEFT + RIGHT + BAR_WIDTH * len(points)))
    plot_w, plot_h = width - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    top = max((v for _, v in points), default=0) or 1
    step = plot_w / max(len(points), 1)
    gap = min(step * 0.15, 4)
    every = -(-len(points) // MAX_X_LABELS)  # ceiling division
    bars = []
    for i, (label, value) in enumerate(points):
        height = plot_h * value / top
        bars.append(Bar(label=label, value=value, x=round(LEFT + i * step + gap / 2, 2),
                        y=round(HEIGHT - BOTTOM - height, 2), width=round(step - gap, 2),
                        height=round(height, 2), css=(css[i] if css else "bar"),
                        label_shown=i % every == 0 or i == len(points) - 1,
                        note=notes[i] if notes else ""))
    ticks = [{"y": round(HEIGHT - BOTTOM - plot_h * f, 2), "text": f"{top * f * 100:.1f}%"}
             for f in (0, 0.5, 1)]
    return Chart(title=title, description=description, x_label=x_label, bars=bars,
                 width=width, ticks=ticks, legend=legend or [])
