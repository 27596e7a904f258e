"""A minimal Flet app for benchmarks/bench_phone_app.py: one text, built by stock `flet publish`."""
import flet as ft


def main(page: ft.Page) -> None:
    page.title = "Minimal"
    page.add(ft.Semantics(identifier="text", content=ft.Text("Tapped 0")))


ft.run(main)
