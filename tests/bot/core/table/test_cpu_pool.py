"""The worker pool: jobs run in another process, their errors come back as they are, and a pool whose worker
died or hung is started again for the next job."""

from __future__ import annotations

import os

import pytest

from bot.core.table.cpu_pool import CpuPool, PoolBroken, PoolClosed, PoolTimeout
from lang import translator
from tests.bot.core import pool_jobs


async def test_a_job_runs_in_another_process_with_plain_data(pool: CpuPool) -> None:
    assert not pool.running  # nothing starts before the first job
    assert await pool.run(pool_jobs.pid) != os.getpid()
    assert await pool.run(pool_jobs.add, 2, 3) == 5
    assert pool.started == 1


async def test_the_jobs_own_error_comes_back_as_itself(pool: CpuPool) -> None:
    with pytest.raises(ValueError, match="no such thing"):
        await pool.run(pool_jobs.refuse, "no such thing")
    assert await pool.run(pool_jobs.add, 1, 1) == 2 and pool.started == 1  # the pool is fine


async def test_messages_come_back_from_a_worker_and_the_pool_stays_up(pool: CpuPool) -> None:
    """A hint's ``Suggestion`` carries ``engine.ai.explain``'s message: frozen messages pickle both ways."""
    message = await pool.run(pool_jobs.said)
    assert message == pool_jobs.said() and str(message) == "2 workers near a temple"
    assert translator("fr").message(message).endswith("un temple")  # nested messages keep their codes
    assert await pool.run(pool_jobs.add, 1, 1) == 2 and pool.started == 1


async def test_a_worker_that_dies_breaks_the_job_and_the_next_job_gets_a_fresh_pool(pool: CpuPool) -> None:
    first = await pool.run(pool_jobs.pid)
    with pytest.raises(PoolBroken):
        await pool.run(pool_jobs.die)
    assert await pool.run(pool_jobs.pid) != first
    assert pool.started == 2


async def test_a_job_that_takes_too_long_is_stopped_and_the_pool_starts_again(pool: CpuPool) -> None:
    first = await pool.run(pool_jobs.pid)
    with pytest.raises(PoolTimeout):
        await pool.run(pool_jobs.sleep, 60.0, timeout=0.5)
    assert not pool.running
    assert await pool.run(pool_jobs.pid) != first


async def test_a_closed_pool_refuses_jobs() -> None:
    pool = CpuPool(1, preload=("json",))
    await pool.warm()
    await pool.close()
    with pytest.raises(PoolClosed):
        await pool.run(pool_jobs.add, 1, 2)


def test_a_pool_has_a_worker_at_least() -> None:
    with pytest.raises(ValueError):
        CpuPool(0)
