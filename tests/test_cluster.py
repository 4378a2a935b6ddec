"""Tournaments on a real Dask cluster: two worker processes, through ``Client.get_executor()``.

One ``LocalCluster`` (two worker processes, one thread each, listening on
127.0.0.1 only) serves both tests: the library's ``run_tournament`` on the
client's executor, and ``raise-the-sum simulate --scheduler`` pointed at the
cluster's address. Both must give exactly what one process gives.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest
from dask.distributed import Client, LocalCluster

from raise_the_sum import Rules
from raise_the_sum.bots import CautiousBot, GreedyBot, RandomBot
from raise_the_sum.cli import main
from raise_the_sum.tournament import run_tournament

BOTS = (GreedyBot(), RandomBot(), CautiousBot())
RULES = Rules(players=3, points_to_win=3)


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=40,
    ) as local:
        yield local


def test_a_tournament_on_two_dask_worker_processes_is_the_one_process_result(
    cluster: LocalCluster,
) -> None:
    alone = run_tournament(BOTS, 12, seed=5, rules=RULES, records=True)
    with Client(cluster) as client:  # type: ignore[no-untyped-call]
        assert len(client.scheduler_info()["workers"]) == 2
        on_cluster = run_tournament(
            BOTS, 12, seed=5, rules=RULES, records=True, executor=client.get_executor()
        )
    assert on_cluster == alone


def test_simulate_with_scheduler_runs_the_ladder_on_the_cluster(
    cluster: LocalCluster,
) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(
        [
            "simulate",
            "--bots",
            "greedy",
            "random",
            "--matches",
            "6",
            "--seed",
            "2",
            "--json",
            "--no-progress",
            "--scheduler",
            cluster.scheduler_address,
        ],
        out=out,
        err=err,
    )
    assert (status, err.getvalue()) == (0, "")
    expected = run_tournament((GreedyBot(), RandomBot()), 6, seed=2)
    assert json.loads(out.getvalue()) == json.loads(json.dumps(expected.as_dict()))
