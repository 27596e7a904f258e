"""Share the result, and move a game's record in and out: as a real file or as text.

- Share: the sheet as text (models/share.py) through the platform's share sheet
  (`ft.Share`); where there is none (a desktop browser), copied to the clipboard.
- Picture of the sheet: a PNG of the scoresheet (models/sheet_picture.py) through the share
  sheet with the file; where there is none (a desktop browser, a phone on plain http), saved as a
  file (a download in a browser).
- Export: save the record as a file (`ft.FilePicker.save_file`: a download in a
  browser), or copy it as text.
- Import: choose a file (`ft.FilePicker`, picked inside the tap: `ft.PickFiles`)
  or paste the text into the box beside it.
"""
from __future__ import annotations

import logging
from datetime import date

import flet as ft

from ..engine import ScorekeeperError
from .models.share import record_file_name, sheet_text
from .testid import tid
from . import routes

log = logging.getLogger(__name__)


async def copy_text(app, text: str, done: str) -> bool:
    try:
        await ft.Clipboard().set(text)
    except Exception as exc:  # no clipboard here
        log.info("clipboard not available: %s", exc)
        app.error("Cannot copy here: this browser gives the app no clipboard")
        return False
    app.message(done)
    return True


# -- share the result ------------------------------------------------------------------
def result_text(session, game_id: str) -> str:
    """The sheet of the game as text for the group chat (every figure from the engine)."""
    session.open(game_id)
    return sheet_text(session.game, session.sheet)


async def share_result(app, game_id: str) -> None:
    """The platform's share sheet where there is one, else the clipboard."""
    text = result_text(app.session, game_id)
    share = ft.Share()
    try:
        result = await share.share_text(text, subject="Spades", download_fallback_enabled=False,
                                        mail_to_fallback_enabled=False)
        if result.status != ft.ShareResultStatus.UNAVAILABLE:
            return  # shared, or the player closed the sheet
    except Exception as exc:  # no share sheet in this browser
        log.info("share sheet not available: %s", exc)
    await copy_text(app, text, "The result is copied: paste it in the group chat")


# -- a picture of the sheet ---------------------------------------------------------------
def picture_name(session, game_id: str) -> str:
    """The picture's file name ('spades-2026-12-01-us-vs-them.png')."""
    session.open(game_id)
    return record_file_name(session.game, date.today().isoformat()).removesuffix(".json") + ".png"


def picture_file(session, game_id: str) -> tuple[str, bytes]:
    """The file name and the PNG of the game's scoresheet, drawn with Pillow (models/sheet_picture.py)."""
    from .models.sheet_picture import sheet_png  # Pillow: loaded for a picture only (the phone's build has none)
    name = picture_name(session, game_id)
    return name, sheet_png(session.game, session.sheet)


async def share_picture(app, game_id: str) -> None:
    """The picture through the platform's share sheet where there is one, else saved as a file.
    On the phone's own build the client draws it (`phone.picture`: no Pillow there)."""
    if app.served.phone is not None:
        from .phone.picture import show_picture
        await show_picture(app, game_id, picture_name(app.session, game_id), send_picture)
        return
    try:
        name, png = picture_file(app.session, game_id)
    except ScorekeeperError as err:  # (PictureError: the fonts are missing)
        app.error(f"Cannot draw the picture: {err}")
        return
    await send_picture(app, name, png)


async def send_picture(app, name: str, png: bytes) -> None:
    """The picture through the platform's share sheet where there is one, else saved as a file."""
    try:
        result = await ft.Share().share_files(
            [ft.ShareFile.from_bytes(png, mime_type="image/png", name=name)], subject="Spades",
            download_fallback_enabled=False, mail_to_fallback_enabled=False)
        if result.status != ft.ShareResultStatus.UNAVAILABLE:
            return  # shared, or the player closed the sheet
    except Exception as exc:  # no share sheet in this browser
        log.info("share sheet not available for a file: %s", exc)
    try:
        await ft.FilePicker().save_file(dialog_title="Save the picture of the sheet", file_name=name,
                                        src_bytes=png, allowed_extensions=["png"],
                                        file_type=ft.FilePickerFileType.CUSTOM)
    except Exception as exc:  # no file dialog here
        log.info("save dialog not available: %s", exc)
        app.error("Cannot save a file here: share the result as text instead")
        return
    app.message(f"The picture of the sheet is saved as {name}")


# -- export -------------------------------------------------------------------------------
async def export_record(app, game_id: str) -> None:
    """Offer the record as a file or as text."""
    res, text = app.session.games.export_record(game_id)
    if not res:
        app.error(res.message)
        return
    today = date.today().isoformat()
    opened = app.session.open(game_id)  # a game this version cannot open: its raw record, named by id
    name = record_file_name(app.session.game, today) if opened else f"spades-{today}-{game_id}.json"
    offer_file(app, name, text, "Export the game", "The record holds every hand: import it on another "
               "phone or computer to go on or to look back.", res.message)


async def export_all(app) -> None:
    """Every game as one file (a list of their records), to move them to another phone or computer."""
    res, text = app.session.games.export_all()
    if not res:
        app.error(res.message)
        return
    offer_file(app, f"spades-games-{date.today().isoformat()}.json", text, "Export all games",
               f"The file holds {res.message} with every hand: import it on another phone or computer "
               "(games already there are named, not added twice).")


def offer_file(app, name: str, text: str, title: str, intro: str, note: str = "") -> None:
    """Offer `text` as the file `name` (a download in a browser), or copied as text."""
    picker = ft.FilePicker()

    async def save_file(e) -> None:
        try:
            await picker.save_file(dialog_title="Save the game record", file_name=name,
                                   src_bytes=text.encode("utf-8"), allowed_extensions=["json"],
                                   file_type=ft.FilePickerFileType.CUSTOM)
        except Exception as exc:  # no file dialog here
            log.info("save dialog not available: %s", exc)
            app.error("Cannot save a file here: copy the text instead")
            return
        app.page.pop_dialog()
        app.message(f"The record is saved as {name}")

    async def copy(e) -> None:
        if await copy_text(app, text, "The game record is copied: paste it into a message or a file"):
            app.page.pop_dialog()

    app.page.show_dialog(ft.AlertDialog(
        title=ft.Text(title), actions_overflow_button_spacing=8,
        content=tid("export-dialog", ft.Column([
            ft.Text(intro, size=14),
            ft.Text(name, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            *([ft.Text(note, size=13, color=ft.Colors.ERROR)] if note else []),
        ], tight=True, width=480)),
        actions=[
            ft.TextButton("Cancel", height=48, on_click=lambda e: app.page.pop_dialog()),
            tid("export-copy", ft.OutlinedButton("Copy the text", icon=ft.Icons.COPY, height=48, on_click=copy)),
            tid("export-file", ft.FilledButton("Save as a file", icon=ft.Icons.SAVE_ALT, height=48,
                                               on_click=save_file)),
        ]))


# -- import -------------------------------------------------------------------------------
async def import_record(app) -> None:
    """Choose a record's file, or paste its text; import it and open the game."""
    field = ft.TextField(label="The record's text", multiline=True, min_lines=4, max_lines=8,
                         hint_text='{"format": "spades-game/1", ...}')
    error = ft.Text("", color=ft.Colors.ERROR, size=14)
    error_box = tid("import-error", error, visible=False)

    def done(res, game_id) -> None:
        if not res:
            error.value = res.message
            error_box.visible = True
            error_box.update()
            return
        app.page.pop_dialog()
        app.message(res.message)
        if game_id is None:  # several games (a file of Export all): the list shows them
            app.go(routes.home())
            app.refresh()
        else:
            app.go(routes.game(game_id))

    def picked(e: ft.FilePickerResultEvent) -> None:
        if not e.files:
            return  # the player closed the file dialog
        chosen = e.files[0]
        done(*app.session.games.import_record(chosen.bytes or b"", file_name=chosen.name))

    picker = ft.FilePicker(on_result=picked)
    choose = tid("import-file", ft.FilledButton(
        "Choose a file", icon=ft.Icons.FILE_OPEN, height=48,
        action=ft.PickFiles(picker, dialog_title="Import a game record", with_data=True,
                            file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json", "txt"])))
    app.page.show_dialog(ft.AlertDialog(
        title=ft.Text("Import a game"), actions_overflow_button_spacing=8,
        content=tid("import-dialog", ft.Column([
            ft.Text("A game record exported from this app (or the file of Export all games): choose its "
                    "file, or paste its text below.", size=14),
            ft.Row([choose]),
            tid("import-text", field), error_box,
        ], tight=True, width=500, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)),
        actions=[
            ft.TextButton("Cancel", height=48, on_click=lambda e: app.page.pop_dialog()),
            tid("import-paste", ft.FilledButton(
                "Import the text", height=48,
                on_click=lambda e: done(*app.session.games.import_record(field.value or "")))),
        ]))
