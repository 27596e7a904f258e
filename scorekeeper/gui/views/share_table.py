"""Share this table (the host): the QR code of the game's join link, its code in big letters
to read aloud, and the address phones open; stop sharing.

Phones that scan the QR code (or open the address and type the code) see this one game
live and read-only.  When the server listens only on this computer (127.0.0.1), no phone
can reach it: the screen says so, and how to serve the network.
"""
from __future__ import annotations

import flet as ft

from ..models import Kind
from ..pictures import qr_address
from ..testid import tid
from .base import BaseScreen
from ..theme import MUTED
from .. import routes


def share(app, game_id: str) -> bool:
    """Share `game_id` (its code stays if it is shared already; every session hears it from
    the session); False (with the reason said) when refused."""
    res, _ = app.session.seat.share(game_id)
    if not res:
        app.error(res.message)
        return False
    return True


class Screen(BaseScreen):
    title = "Share this table"

    def __init__(self, app, game_id: str):
        super().__init__(app, game_id=game_id)
        self.game_id = game_id
        self.box = ft.Column(spacing=14, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    def body(self) -> list[ft.Control]:
        self.open_game(self.game_id)
        self.fill()
        return [self.box]

    def fill(self) -> None:
        served = self.app.served
        code = served.tables.code_of(self.game_id)
        game = self.session.game
        sides = " v ".join(game.side_names)
        out: list[ft.Control] = [ft.Text(sides, size=16, color=MUTED, text_align=ft.TextAlign.CENTER)]
        if code is None:
            out += [
                tid("share-stopped", ft.Text("This table is not shared: phones that had its code see "
                                             "\u201cThis table stopped sharing\u201d.", size=16,
                                             text_align=ft.TextAlign.CENTER)),
                tid("share-again", ft.FilledButton("Share this table", icon=ft.Icons.QR_CODE_2, height=56,
                                                   on_click=lambda e: self.share_again())),
            ]
        else:
            out += self.shared(code)
        out.append(ft.Row([
            tid("share-back", ft.OutlinedButton("Back to the game", icon=ft.Icons.ARROW_BACK, height=48,
                                                on_click=lambda e: self.app.go(routes.game(self.game_id)))),
            *([tid("stop-sharing", ft.OutlinedButton(
                "Stop sharing", icon=ft.Icons.STOP_SCREEN_SHARE, height=48,
                style=ft.ButtonStyle(color=ft.Colors.ERROR), on_click=lambda e: self.ask_stop()))]
              if code is not None else []),
        ], wrap=True, spacing=10, run_spacing=10, alignment=ft.MainAxisAlignment.CENTER))
        self.box.controls = out

    def shared(self, code: str) -> list[ft.Control]:
        served = self.app.served
        out: list[ft.Control] = [
            ft.Text("Table code", size=14, color=MUTED),
            tid("share-code", ft.Text(code, size=48, weight=ft.FontWeight.BOLD, selectable=True,
                                      style=ft.TextStyle(letter_spacing=6)),
                label=f"Table code {' '.join(code)}"),
        ]
        if served.only_this_computer:
            out.append(tid("share-local", ft.Container(ft.Column([
                ft.Text("Only this computer can join", size=16, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_ERROR_CONTAINER),
                ft.Text(f"{served.unreachable_words()} Another tab on this computer can join with the code.",
                        size=14, color=ft.Colors.ON_ERROR_CONTAINER),
            ], spacing=4, tight=True), padding=12, border_radius=12, bgcolor=ft.Colors.ERROR_CONTAINER)))
        else:
            link = served.join_link(code)
            out += [
                tid("share-qr", ft.Container(ft.Image(src=qr_address(code), width=240, height=240),
                                             padding=8, border_radius=12, bgcolor=ft.Colors.WHITE),
                    label=f"QR code of {link}"),
                tid("share-address", ft.Text(
                    spans=[ft.TextSpan("Scan it with the phone's camera, or open "),
                           ft.TextSpan(served.base_url, ft.TextStyle(weight=ft.FontWeight.BOLD)),
                           ft.TextSpan(" on a phone on the same Wi-Fi and type the code.")],
                    size=15, text_align=ft.TextAlign.CENTER, selectable=True),
                    label=f"Open {served.base_url} and type the code"),
            ]
        holder = served.tables.pen_name(self.game_id)
        out.append(tid("share-pen", ft.Text(f"{holder} has the pen (enters the hands). A phone may ask "
                                            f"for it; you can always take it back.", size=14, color=MUTED,
                                            text_align=ft.TextAlign.CENTER)))
        return out

    def share_again(self) -> None:
        if share(self.app, self.game_id):
            self.refill()

    def ask_stop(self) -> None:
        """Stop sharing only once confirmed: every phone watching loses the table."""
        def confirm(e) -> None:
            self.page.pop_dialog()
            self.stop()

        self.page.show_dialog(ft.AlertDialog(
            title=ft.Text("Stop sharing this table?"),
            content=ft.Text("The phones watching it are told the table stopped sharing, and its code "
                            "opens nothing any more. Sharing again gives a new code."),
            actions=[ft.TextButton("Cancel", height=48, on_click=lambda e: self.page.pop_dialog()),
                     tid("confirm-stop-sharing", ft.FilledButton("Stop sharing", height=48, on_click=confirm))]))

    def stop(self) -> None:
        res = self.session.seat.stop_sharing(self.game_id)
        if not res:
            self.app.error(res.message)
            return
        self.app.message(res.message)

    def refill(self) -> None:
        self.fill()
        self.box.update()

    def table_changed(self, game_id: str, what: Kind) -> None:
        if game_id == self.game_id:
            self.refill()

    def layout_key(self) -> bool:
        return self.wide
