"""A minimal Flet app for the phone benchmarks, built by stock `flet publish`: one button whose tap
changes one text (test ids "tap" and "text"; a tap makes it read "Tapped N").
benchmarks/bench_phone_app.py times its start, benchmarks/bench_phone_save.py its tap.  The page of
benchmarks/minimal_flet.py, written out again: this folder is the whole app `flet publish` builds."""
import flet as ft


def main(page: ft.Page) -> None:
    page.title = "Minimal"
    taps = 0
    text = ft.Text("Tapped 0", size=20)

    def tapped(e) -> None:
        nonlocal taps
        taps += 1
        text.value = f"Tapped {taps}"
        text.update()

    page.add(ft.Semantics(identifier="tap", content=ft.FilledButton("Tap", height=56, on_click=tapped)),
             ft.Semantics(identifier="text", content=text))


ft.run(main)
