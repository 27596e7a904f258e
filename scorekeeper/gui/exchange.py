"""Import, export and share: the record as a file or text, the result as text."""
from __future__ import annotations

import flet as ft


def result_text(session, game_id: str) -> str:
    """A short text of the game for the group chat (values from the scoresheet)."""
    session.open(game_id)
    sheet = session.sheet
    lines = [f"\u2660 Spades ({session.game.rules.name}), {sheet.hands_text}"]  # no misdeal counted
    for side in sheet.sides:
        lines.append(f"{side}: {sheet.scores[side]} ({sheet.bags[side]} bags)")
    if sheet.finished:
        lines.append(f"Winner: {sheet.winner}. {sheet.reason or ''}".strip())
    return "\n".join(lines)


async def share_result(app, game_id: str) -> None:
    text = result_text(app.session, game_id)
    try:
        await ft.Share().share_text(text)
        return
    except Exception:
        pass
    try:
        await ft.Clipboard().set(text)
        app.message("Result copied: paste it in the group chat")
    except Exception as exc:
        app.error(f"Cannot share here: {exc}")


async def export_record(app, game_id: str) -> None:
    res, text = app.session.export_record(game_id)
    if not res:
        app.error(res.message)
        return
    try:
        await ft.Clipboard().set(text)
        app.message("The game record (JSON) is copied: paste it into a file or a message")
    except Exception as exc:
        app.error(f"Cannot copy the record here: {exc}")


async def import_record(app) -> None:
    """Paste a record (the JSON of an exported game) into a box and import it."""
    field = ft.TextField(label="Game record (JSON)", multiline=True, min_lines=4, max_lines=10)
    error = ft.Text("", color=ft.Colors.ERROR)

    def do_import(e):
        res, game_id = app.session.import_record(field.value or "")
        if not res:
            error.value = res.message
            app.page.update()
            return
        app.page.pop_dialog()
        app.message(res.message)
        app.go(f"/game/{game_id}")

    app.page.show_dialog(ft.AlertDialog(
        title=ft.Text("Import a game"),
        content=ft.Column([ft.Text("Paste the record of an exported game."), field, error],
                          tight=True, width=500),
        actions=[ft.TextButton("Cancel", height=48, on_click=lambda e: app.page.pop_dialog()),
                 ft.FilledButton("Import", height=48, on_click=do_import)]))
