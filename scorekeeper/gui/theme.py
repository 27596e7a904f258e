"""Fonts, colours and sizes shared by every screen (light and dark)."""
from __future__ import annotations

import flet as ft


#: DejaVu Sans has the suit symbols (U+2660..2667); Flet's own font does not.  assets/fonts holds
#: subsets (tools/subset_fonts.py); a browser loads them before the first frame through
#: assets/assets/FontManifest.json (both faces, one family), the native window through page.fonts.
FONT = "DejaVu Sans"
FONT_BOLD = "DejaVu Sans Bold"
FONTS = {FONT: "/fonts/DejaVuSans.ttf", FONT_BOLD: "/fonts/DejaVuSans-Bold.ttf"}

SEED = ft.Colors.GREEN_800
#: what the light theme (Material 3 from SEED) draws: the page, and the filled buttons.  The web
#: app's manifest, page and icons use them (tools/make_web_app.py); tests/gui/test_web_app.py
#: checks them against a screenshot of the app
BACKGROUND = "#F7FBF1"
PRIMARY = "#3C6939"

#: smallest touch target (px), per the phone-first brief
TARGET = 48
#: for icon buttons and menu buttons (Material draws them 40 px by default)
TAP_SIZE = ft.BoxConstraints(min_width=TARGET, min_height=TARGET)
#: below this page width the game screen stacks its panels (phone layout)
WIDE = 900
#: a window lower than this (px) and wider than high is a phone on its side (844x390 and the like)
LOW = 520

# colours with a meaning on the sheet (work on light and dark backgrounds)
SET = ft.Colors.RED_400
MADE = ft.Colors.GREEN_500
WARN = ft.Colors.AMBER_700


def light() -> ft.Theme:
    return ft.Theme(color_scheme_seed=SEED, font_family=FONT, use_material3=True,
                    # a switch is 40 px high by default: 48, the smallest target
                    switch_theme=ft.SwitchTheme(padding=ft.Padding.symmetric(horizontal=4, vertical=8)))


def dark() -> ft.Theme:
    return light()


def suit_title(text: str) -> str:
    return f"\u2660 {text}"


def text_style(size: int = 16, bold: bool = False, italic: bool = False) -> ft.TextStyle:
    """A button's text style: a ButtonStyle's text style replaces the theme's, font included."""
    return ft.TextStyle(size=size, font_family=FONT, italic=italic,
                        weight=ft.FontWeight.BOLD if bold else None)


#: secondary text (a hand's dealer, a rule's source, what the sheet says now)
MUTED = ft.Colors.ON_SURFACE_VARIANT
