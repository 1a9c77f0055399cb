"""`--plot FILE.png`: each player's expected loss per decision over the match.

matplotlib is the optional extra `plot` (pip install "copas_ai[plot]")."""

from __future__ import annotations

from copas_ai.analysis.analyse import Analysis
from copas_ai.analysis.verdict import thresholds_for
from copas_ai.errors import PlotUnavailableError


def require_matplotlib():
    """The matplotlib module, or PlotUnavailableError saying how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise PlotUnavailableError(
            'plotting needs matplotlib: pip install "copas_ai[plot]" (or pip install matplotlib)') from None
    return matplotlib


def plot_losses(analysis: Analysis, path: str) -> None:
    """Writes a PNG: x = the decision's place in the match, y = its loss, one
    series per player, dotted lines where a hand starts, dashed lines at the
    verdict thresholds."""
    require_matplotlib().use("Agg")  # files only: no display needed
    from matplotlib import pyplot as plt

    figure, axes = plt.subplots(figsize=(10, 4))
    try:
        starts = {}
        for index, d in enumerate(analysis.decisions):
            starts.setdefault(d.hand, index)
        for index in starts.values():
            axes.axvline(index, color="0.85", linestyle=":", linewidth=1)
        for name, points in thresholds_for(analysis.settings.objective, analysis.record.rules).items():
            axes.axhline(points, color="0.7", linestyle="--", linewidth=0.8)
            axes.annotate(name, (0, points), xycoords=("axes fraction", "data"), fontsize="x-small", color="0.5",
                          xytext=(2, 2), textcoords="offset points")
        for player in analysis.players:
            points = [(i, d.loss) for i, d in enumerate(analysis.decisions) if d.seat == player.seat]
            if points:
                xs, ys = zip(*points)
                axes.plot(xs, ys, marker="o", markersize=3, linewidth=1,
                          label=f"{player.name} (total {player.total_loss:.1f})")
        axes.set_xlabel("decision (dotted: a new hand)")
        axes.set_ylabel("expected loss (points)")
        axes.set_title(f"copas_ai analysis — {analysis.record.variant.id}")
        axes.legend(loc="upper right", fontsize="small")
        figure.tight_layout()
        figure.savefig(path, dpi=100)
    finally:
        plt.close(figure)
