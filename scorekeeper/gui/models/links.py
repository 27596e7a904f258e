"""The addresses a table shares, and their QR codes (a picture for the screen, text for the terminal).

No flet: the share screen shows `qr_png(...)`, the server prints `qr_text(...)`.
"""
from __future__ import annotations

import io
import ipaddress
import os
import re
import socket

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
#: the address (or name) phones reach this computer by, when the one found is not it: a computer on
#: several networks, a name the local network resolves; the tests give one, so they need no network
LAN_VARIABLE = "SCOREKEEPER_LAN_ADDRESS"
_HOST_NAME = re.compile(r"(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*")


def given_lan_address() -> str | None:
    """$SCOREKEEPER_LAN_ADDRESS (None when unset or empty); a ValueError, in words, when it is
    neither an IP address nor a host name."""
    given = os.environ.get(LAN_VARIABLE, "").strip()
    if not given:
        return None
    try:
        return str(ipaddress.ip_address(given))
    except ValueError:
        if _HOST_NAME.fullmatch(given):
            return given
    raise ValueError(f"{LAN_VARIABLE} must be the address or the name phones reach this computer by "
                     f"(192.168.1.20, mylaptop.local), without http:// or a port; it is {given[:60]!r}: "
                     f"unset it to use the address found")


def lan_address() -> str:
    """This computer's address on the local network (what phones should use): the one given by
    $SCOREKEEPER_LAN_ADDRESS, else the one found, else 127.0.0.1."""
    given = given_lan_address()
    if given:
        return given
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def shown_host(host: str) -> str:
    """The address of a server listening on ``host`` as another device reaches it: a wildcard
    (0.0.0.0: every interface) is this computer's LAN address."""
    return lan_address() if host in ("0.0.0.0", "", "::") else host


def base_url(host: str, port: int) -> str:
    """The address phones should open for a server listening on ``host``: never 0.0.0.0."""
    shown = shown_host(host)
    if ":" in shown:  # an IPv6 address goes in brackets
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def only_this_computer(host: str) -> bool:
    """Whether a server listening on ``host`` can be reached only from this computer."""
    return host in LOCAL_HOSTS


def host_link(base: str, token: str) -> str:
    return f"{base}/host/{token}"


def join_link(base: str, code: str) -> str:
    return f"{base}/join/{code}"


def _qr(data: str):
    import qrcode  # only where a table is shared (the phone's own build shares none, and has no qrcode)

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    return code


def qr_png(data: str, box: int = 8) -> bytes:
    """A QR code of ``data`` as a PNG picture."""
    code = _qr(data)
    code.box_size = box
    out = io.BytesIO()
    code.make_image(fill_color="black", back_color="white").save(out, format="PNG")
    return out.getvalue()


def qr_text(data: str) -> str:
    """A QR code of ``data`` drawn with block characters, for a terminal (dark text on light works)."""
    out = io.StringIO()
    _qr(data).print_ascii(out=out, invert=True)
    return out.getvalue()
