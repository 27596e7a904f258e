"""Guessing a table's code from many addresses (issue 25, point 8), at the model (no server): the
wrong-code limit holds per address and for the shared tables as a whole, the scorekeeper is told
once, and the tallies of wrong codes do not grow with the addresses that ever guessed."""
from __future__ import annotations

from scorekeeper.gui.models import Tables
from scorekeeper.gui.models.sharing import JoinError


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def guess(tables: Tables, code: str, address: str, alarms: list[str] | None = None) -> str:
    try:
        return f"joined {tables.join(code, address)}"
    except JoinError as err:
        if err.alarm is not None and alarms is not None:
            alarms.append(err.alarm)
        return str(err)


def shared_table() -> tuple[Tables, Clock, str]:
    clock = Clock()
    tables = Tables(host_token="secret-token", clock=clock)
    return tables, clock, tables.share("game-1")


def wrong(code: str, n: int) -> str:
    """The n-th wrong code: one that is not ``code``."""
    letters = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    candidate = "".join(letters[(n // len(letters) ** i) % len(letters)] for i in range(6))
    return candidate if candidate != code else "ZZZZZZ"


def test_many_addresses_at_once_land_no_more_guesses_than_the_table_allows():
    tables, clock, code = shared_table()
    alarms: list[str] = []
    answers = [guess(tables, wrong(code, n), f"10.0.{n // 5}.1", alarms) for n in range(49 * 5)]  # 49 addresses
    landed = sum(a.startswith("No table has the code") for a in answers)
    assert landed <= tables.table_attempts, (
        f"{landed} wrong codes were tried in one minute from 49 addresses (5 each)")
    assert any("Too many wrong codes" in a and "wait" in a for a in answers)
    # while the limit holds, the right code waits too (else guessing on would find it)
    assert "Too many wrong codes" in guess(tables, code, "10.9.9.9", alarms)
    # the scorekeeper was told, once, with how many devices guessed
    assert len(alarms) == 1, alarms
    assert "wrong codes" in alarms[0] and "devices" in alarms[0] and "stop sharing" in alarms[0].lower()
    clock.now += tables.window + 1
    assert guess(tables, code, "10.9.9.9") == "joined game-1", "a minute later the table opens again"


def test_one_address_is_still_limited_on_its_own():
    tables, clock, code = shared_table()
    answers = [guess(tables, wrong(code, n), "10.0.0.1") for n in range(8)]
    assert sum(a.startswith("No table has the code") for a in answers) == tables.attempts
    assert "Too many wrong codes from this device" in answers[-1]
    assert guess(tables, code, "10.0.0.2") == "joined game-1", "another device is not held up by one"


def test_the_tallies_of_wrong_codes_do_not_grow_with_the_addresses_seen():
    tables, clock, code = shared_table()
    for n in range(10_000):
        guess(tables, wrong(code, n), f"10.{n // 250}.{n % 250}.1")
        if n % 10 == 9:
            clock.now += tables.window / 5  # a slow guesser from ever new addresses
    kept = len(tables._tries)
    assert kept <= 4 * tables.table_attempts, f"wrong codes of {kept} addresses kept"
    for n in range(100):  # right codes are tallied nowhere
        guess(tables, code, f"10.200.{n}.1")
    assert len(tables._tries) <= kept
