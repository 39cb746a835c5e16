"""built_once: a value asked for by two threads at once is built once; a failed build is not
kept."""

from __future__ import annotations

import threading

import pytest

from trainer.teaching.once import built_once


def test_two_threads_at_once_build_one_value() -> None:
    started, release = threading.Event(), threading.Event()
    builds: list[int] = []

    @built_once
    def value(n: int) -> list[int]:
        builds.append(n)
        started.set()
        release.wait(10)
        return [n]

    got: list[list[int]] = []
    first = threading.Thread(target=lambda: got.append(value(3)))
    first.start()
    assert started.wait(10)
    second = threading.Thread(target=lambda: got.append(value(3)))
    second.start()
    second.join(0.2)
    assert second.is_alive()              # waiting for the first build, not building its own
    release.set()
    first.join(10)
    second.join(10)
    assert builds == [3] and got[0] is got[1]
    assert value(4) == [4] and builds == [3, 4]
    value.cache_clear()
    assert value(3) == [3] and builds == [3, 4, 3]


def test_a_build_that_fails_is_tried_again() -> None:
    calls: list[int] = []

    @built_once
    def flaky(n: int) -> int:
        calls.append(n)
        if len(calls) == 1:
            raise OSError("the disk went away")
        return n * 2

    with pytest.raises(OSError):
        flaky(5)
    assert flaky(5) == 10 and flaky(5) == 10 and calls == [5, 5]
