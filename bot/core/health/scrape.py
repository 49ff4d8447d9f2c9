"""A Prometheus collector of the figures read at each scrape (``Health.figures``): the caller reads them from the
database first (asynchronously, off the collector), then the collector hands the last ones read to the registry."""

from __future__ import annotations

from collections.abc import Iterator

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from bot.core.health.readiness import Figures
from bot.core.storage.rows import Status


class FiguresCollector(Collector):
    """The games by state, the outbox's queue and age, the worker pool's starts — as last read."""

    def __init__(self) -> None:
        self.figures: Figures | None = None

    def collect(self) -> Iterator[Metric]:
        figures = self.figures
        if figures is None:
            return
        games = GaugeMetricFamily("tikal_games", "Games of this process's servers, by state", labels=("state",))
        for status in Status:
            games.add_metric((status.value,), figures.games.get(status.value, 0))
        yield games
        yield GaugeMetricFamily("tikal_outbox_pending", "Posts queued and not sent yet (nor given up)",
                                value=figures.outbox.pending)
        yield GaugeMetricFamily("tikal_outbox_oldest_seconds", "Age of the oldest post not sent yet (0: none waits)",
                                value=figures.outbox.oldest_seconds)
        yield CounterMetricFamily("tikal_worker_pool_starts", "Times the worker pool was started (each start after "
                                  "the first replaced a broken or stopped pool)", value=figures.pool_starts)


__all__ = ["FiguresCollector"]
