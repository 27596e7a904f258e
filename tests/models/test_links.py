"""The addresses a shared table gives out, and their QR codes."""
from __future__ import annotations

import qrcode

from scorekeeper.gui.models import links


def test_phones_are_never_told_to_open_0_0_0_0():
    url = links.base_url("0.0.0.0", 8123)
    assert url.startswith("http://") and url.endswith(":8123") and "0.0.0.0" not in url
    assert links.base_url("192.168.1.20", 8000) == "http://192.168.1.20:8000"
    assert links.only_this_computer("127.0.0.1") and not links.only_this_computer("0.0.0.0")


def test_join_and_host_links():
    base = "http://192.168.1.20:8000"
    assert links.join_link(base, "K7MQ2X") == "http://192.168.1.20:8000/join/K7MQ2X"
    assert links.host_link(base, "s3cret") == "http://192.168.1.20:8000/host/s3cret"


def test_the_qr_picture_is_a_png_of_the_link():
    png = links.qr_png("http://192.168.1.20:8000/join/K7MQ2X")
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


def test_the_terminal_qr_draws_every_module_of_the_code():
    data = "http://192.168.1.20:8000/host/abcdefghijklmnopqrstuvwxyz0123456789"
    text = links.qr_text(data)
    rows = text.splitlines()
    matrix = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    matrix.add_data(data)
    matrix.make(fit=True)
    size = len(matrix.get_matrix())
    # two modules per character row (half blocks), one per column
    assert {len(row) for row in rows} == {size}
    assert len(rows) == (size + 1) // 2


def test_the_lan_address_can_be_given(monkeypatch):
    """$SCOREKEEPER_LAN_ADDRESS: what phones are told to open when the app listens on every
    interface (a computer on several networks; the tests, which need no network)."""
    monkeypatch.setenv(links.LAN_VARIABLE, "lan.test")
    assert links.base_url("0.0.0.0", 8123) == "http://lan.test:8123"
    assert not links.only_this_computer(links.shown_host("0.0.0.0"))
    assert links.base_url("192.168.1.20", 8000) == "http://192.168.1.20:8000"  # --host ADDRESS: that one
    monkeypatch.setenv(links.LAN_VARIABLE, " fd00::5 ")
    assert links.base_url("0.0.0.0", 8000) == "http://[fd00::5]:8000"
    monkeypatch.setenv(links.LAN_VARIABLE, "")
    assert links.given_lan_address() is None  # empty: the address found


def test_a_lan_address_that_is_no_address_is_said_in_words(monkeypatch):
    for wrong in ("http://192.168.1.20", "192.168.1.20:8000", "my laptop", "-lan.test", "lan.test/join"):
        monkeypatch.setenv(links.LAN_VARIABLE, wrong)
        try:
            links.lan_address()
        except ValueError as err:
            assert f"{links.LAN_VARIABLE} must be the address or the name phones reach" in str(err)
            assert repr(wrong) in str(err)
        else:
            raise AssertionError(f"{wrong!r} was taken")
