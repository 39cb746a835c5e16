"""The window's platform is checked before Qt loads (trainer.ui.display): no display, or a
library Qt's platform plugin needs missing, is said plainly (exit 2), never in Qt's own words."""

from __future__ import annotations

import os
import subprocess
import sys
from ctypes.util import find_library
from pathlib import Path

import pytest

from trainer.ui import display
from trainer.ui.display import display_problem, parse_ldd, platforms

ROOT = Path(__file__).resolve().parents[2]
#: Runs the entry point as `freebet-trainer` does and says whether Qt was loaded.
ENTRY = ("import sys, trainer.__main__ as m; code = m.main([]); "
         "print('qt loaded' if 'PyQt6.QtCore' in sys.modules else 'qt not loaded'); "
         "sys.exit(code)")
DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE")
LDD_NOT_FOUND = """\
\tlinux-vdso.so.1 (0x00007ffd4b5f7000)
\tlibQt6XcbQpa.so.6 => /x/PyQt6/Qt6/lib/libQt6XcbQpa.so.6 (0x00007f0c)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f0b)
"""


def _entry(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", ENTRY], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=False)


def _without_display() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in DISPLAY_VARIABLES}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's Linux platforms")
def test_no_display_exits_2_with_a_plain_message_and_qt_never_loaded() -> None:
    done = _entry(_without_display())
    assert done.returncode == 2
    assert done.stdout.strip() == "qt not loaded"
    first, second = done.stderr.strip().splitlines()
    assert first.startswith("freebet-trainer: the window cannot open: there is no display "
                            "(neither DISPLAY nor WAYLAND_DISPLAY is set)")
    assert "freebet-trainer drill" in second
    assert "qt." not in done.stderr.lower() and "Traceback" not in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's Linux platforms")
def test_a_missing_plugin_library_is_named_with_its_package(tmp_path: Path) -> None:
    """The dynamic loader's answer, as ldd gives it (a stand-in ldd reports two libraries
    missing, as on the machine of issue 24)."""
    fake = tmp_path / "ldd"
    fake.write_text("#!/bin/sh\nprintf '%s' \"$LDD_SAYS\"\n")
    fake.chmod(0o755)
    env = {**_without_display(), "DISPLAY": ":99", "LDD_SAYS": LDD_NOT_FOUND,
           "PATH": f"{tmp_path}{os.pathsep}{os.environ['PATH']}"}
    done = _entry(env)
    assert done.returncode == 2 and done.stdout.strip() == "qt not loaded"
    lines = done.stderr.strip().splitlines()
    assert lines[0] == ("freebet-trainer: the window cannot open: Qt's X11 (xcb) platform "
                        "plugin needs system libraries that are not installed:")
    assert lines[1:4] == [
        "  libxcb-icccm.so.4 (Debian/Ubuntu package libxcb-icccm4)",
        "  libxcb-keysyms.so.1 (Debian/Ubuntu package libxcb-keysyms1)",
        "Install them (sudo apt install libxcb-icccm4 libxcb-keysyms1) and start again."]
    assert "freebet-trainer drill" in lines[4]


@pytest.mark.skipif(not sys.platform.startswith("linux") or not find_library("xcb"),
                    reason="libxcb on Linux")
def test_a_display_no_x_server_answers_on_exits_2_before_qt(tmp_path: Path) -> None:
    """Every library found (a stand-in ldd finds all), DISPLAY set to a display no server
    runs on: said plainly, exit 2, Qt never loaded."""
    fake = tmp_path / "ldd"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    free = next(n for n in range(97, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    env = {**_without_display(), "DISPLAY": f":{free}",
           "PATH": f"{tmp_path}{os.pathsep}{os.environ['PATH']}"}
    done = _entry(env)
    assert done.returncode == 2 and done.stdout.strip() == "qt not loaded"
    assert done.stderr.startswith(f"freebet-trainer: the window cannot open: the X display "
                                  f":{free} (DISPLAY) does not answer")
    assert "qt." not in done.stderr.lower() and "Traceback" not in done.stderr


def test_ldd_output_gives_each_library_not_found_once() -> None:
    assert parse_ldd(LDD_NOT_FOUND) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    assert parse_ldd("\tlibc.so.6 => /lib/libc.so.6 (0x1)\n") == []


def test_the_platforms_qt_tries() -> None:
    assert platforms({}) == ("xcb",)
    assert platforms({"WAYLAND_DISPLAY": "wayland-0"}) == ("wayland", "xcb")
    assert platforms({"XDG_SESSION_TYPE": "wayland"}) == ("wayland", "xcb")
    assert platforms({"QT_QPA_PLATFORM": "wayland-egl;xcb"}) == ("wayland-egl", "xcb")
    assert platforms({"QT_QPA_PLATFORM": "offscreen:fontengine=freetype"}) == ("offscreen",)
    assert platforms({"QT_QPA_PLATFORM": "xcb"}, ["-platform", "minimal"]) == ("minimal",)
    assert platforms({}, ["-platform=vnc"]) == ("vnc",)


def _plugins(tmp_path: Path) -> Path:
    for name in ("libqxcb.so", "libqwayland.so", "libqoffscreen.so", "libqminimal.so"):
        (tmp_path / name).write_bytes(b"")
    return tmp_path


def test_a_platform_that_needs_no_display_is_let_through(tmp_path: Path) -> None:
    folder = _plugins(tmp_path)
    fine = {"folder": folder, "system": "linux", "resolve": lambda plugin, family: [],
            "answers": lambda display: True}
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, **fine) is None
    assert display_problem({}, ["-platform", "minimal"], **fine) is None
    assert display_problem({"DISPLAY": ":0"}, **fine) is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, **fine) is None
    assert display_problem({}, system="darwin", folder=folder) is None
    assert display_problem({}, system="win32", folder=folder) is None


def test_one_usable_platform_is_enough_and_each_failure_is_said(tmp_path: Path) -> None:
    folder = _plugins(tmp_path)

    def broken_xcb(plugin: Path, family: str) -> list[str]:
        return ["libxcb-cursor.so.0"] if family == "xcb" else []

    both = {"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}
    assert display_problem(both, folder=folder, system="linux", resolve=broken_xcb) is None
    problem = display_problem({"DISPLAY": ":0"}, folder=folder, system="linux",
                              resolve=broken_xcb)
    assert problem is not None and [m.package for m in problem.missing] == ["libxcb-cursor0"]
    unknown = display_problem({"DISPLAY": ":0"}, folder=folder, system="linux",
                              resolve=lambda plugin, family: ["libweird.so.3"])
    assert unknown is not None
    assert "libweird.so.3 (find its package with: apt-file search libweird.so.3)" in (
        unknown.message())
    assert "sudo apt install" not in unknown.message()
    chosen = display_problem({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "w"},
                             folder=folder, system="linux", resolve=broken_xcb)
    assert chosen is not None and "(DISPLAY is not set)" in chosen.message()


def test_an_x_display_no_server_answers_on_is_said(tmp_path: Path) -> None:
    folder = _plugins(tmp_path)
    asked: list[str] = []

    def silent(display: str) -> bool:
        asked.append(display)
        return False

    kept = {"folder": folder, "system": "linux", "resolve": lambda plugin, family: []}
    problem = display_problem({"DISPLAY": ":97"}, answers=silent, **kept)
    assert asked == [":97"] and problem is not None
    first, second = problem.message().splitlines()
    assert first.startswith("the window cannot open: the X display :97 (DISPLAY) does not "
                            "answer")
    assert "freebet-trainer drill" in second
    assert display_problem({"DISPLAY": ":97", "WAYLAND_DISPLAY": "wayland-0"},
                           answers=silent, **kept) is None, "Wayland can open it"
    missing = display_problem({"DISPLAY": ":97"}, answers=silent, folder=folder,
                              system="linux", resolve=lambda plugin, family: ["libx.so.1"])
    assert missing is not None and missing.missing, "a missing library is said first"


@pytest.mark.skipif(not sys.platform.startswith("linux") or not find_library("xcb"),
                    reason="libxcb on Linux")
def test_libxcb_finds_that_no_x_server_answers_on_a_free_display() -> None:
    free = next(n for n in range(97, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    assert display.x_display_answers(f":{free}") is False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's libc.so.6")
def test_without_ldd_the_known_libraries_are_opened(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    monkeypatch.setattr(display.shutil, "which", lambda name: None)
    monkeypatch.setitem(display.PLUGIN_LIBRARIES, "xcb",
                        ("libc.so.6", "libno-such-library-here.so.9"))
    assert display.unresolved(tmp_path / "libqxcb.so", "xcb") == ["libno-such-library-here.so.9"]


def test_the_setup_page_lists_every_package_the_check_names() -> None:
    setup = (ROOT / "docs" / "setup.md").read_text(encoding="utf-8")
    listed = setup.split("sudo apt install", 1)[1].split("\n\n", 1)[0]
    assert set(display.PACKAGES.values()) <= set(listed.replace("\\", " ").split())
