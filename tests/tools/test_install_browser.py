"""tools/install_browser.py says what the user needs (installed, or why not) and none of apt's noise."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import install_browser  # noqa: E402

NOISE = ("Reading package lists...\nBuilding dependency tree...\n"
         "debconf: delaying package configuration, since apt-utils is not installed\n"
         "Setting up chromium (156.0-1) ...\n")


@pytest.fixture
def as_root_without_chromium(monkeypatch):
    installed = []
    monkeypatch.setattr(install_browser.shutil, "which", lambda name: "/usr/bin/apt-get")
    monkeypatch.setattr(install_browser.os, "geteuid", lambda: 0)
    monkeypatch.setattr(install_browser.os.path, "exists", lambda path: bool(installed))
    monkeypatch.delenv("CI", raising=False)
    return installed


def fake_apt(installed, output, code=0):
    def run(command, **kwargs):
        assert kwargs["stdout"] == subprocess.PIPE and kwargs["stderr"] == subprocess.STDOUT
        if "install" in command and code == 0:
            installed.append(True)
        return subprocess.CompletedProcess(command, code, stdout=output)
    return run


def test_a_good_install_prints_two_lines_and_no_apt_noise(as_root_without_chromium, monkeypatch, capsys):
    monkeypatch.setattr(install_browser.subprocess, "run", fake_apt(as_root_without_chromium, NOISE))
    assert install_browser.main() == 0
    assert capsys.readouterr().out.splitlines() == [
        "browser: installing Debian's chromium with apt-get ...",
        f"browser: {install_browser.CHROMIUM} installed",
    ]


def test_a_failed_install_shows_apt_errors_only_and_fails_under_ci(as_root_without_chromium, monkeypatch, capsys):
    monkeypatch.setenv("CI", "true")
    output = NOISE + "E: Unable to locate package chromium\n"
    monkeypatch.setattr(install_browser.subprocess, "run", fake_apt(as_root_without_chromium, output, code=100))
    assert install_browser.main() == 1
    lines = capsys.readouterr().out.splitlines()
    assert "browser: apt-get said: E: Unable to locate package chromium" in lines
    assert not any("debconf" in line or "Reading package" in line for line in lines)
