"""Can the window open? Found out before Qt is loaded, so that Qt never aborts with its own text.

On Linux, Qt opens a window through a platform plugin: ``xcb`` (X11, needs ``DISPLAY``) or
``wayland`` (needs ``WAYLAND_DISPLAY``); ``offscreen``, ``minimal``, ``vnc`` and the like need
no display. When none of the platforms Qt would try can work, Qt prints "qt.qpa.plugin: Could
not load the Qt platform plugin … Reinstalling the application may fix this problem" and
aborts, whatever the real cause: no display at all, or a system library the plugin needs that
is not installed (issue 24: ``libxcb-icccm.so.4`` missing, shown only by ``QT_DEBUG_PLUGINS=1``).

:func:`display_problem` tells which, with each missing library resolved as the dynamic loader
resolves it (``ldd`` on PyQt6's plugin, which follows the plugin's own search path and every
library it pulls in; without ``ldd``, the plugin's known system libraries opened with ctypes),
and names the Debian/Ubuntu package of each; an X display that is set but that no server answers
on (a stale ``DISPLAY``) is found by opening and closing a connection with libxcb. Nothing here
imports Qt.
"""

from __future__ import annotations

import ctypes
import importlib.util
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

#: Each system library Qt's Linux platform plugins (and Qt's GUI library under them) link to,
#: with the Debian/Ubuntu package that provides it. docs/setup.md lists the same packages.
PACKAGES: dict[str, str] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}
#: The system libraries each platform's plugin needs (what ctypes tries without ``ldd``).
PLUGIN_LIBRARIES: dict[str, tuple[str, ...]] = {
    "xcb": tuple(name for name in PACKAGES if "wayland" not in name),
    "wayland": tuple(name for name in PACKAGES if "xcb" not in name.lower()
                     and "x11" not in name.lower()),
}
#: The platforms' names in messages.
PLATFORM_NAMES = {"xcb": "X11 (xcb)", "wayland": "Wayland"}
#: What each platform needs in the environment to reach a display.
DISPLAY_VARIABLE = {"xcb": "DISPLAY", "wayland": "WAYLAND_DISPLAY"}
#: How the message says the terminal drills.
TERMINAL = ("The drills run in the terminal without a window: freebet-trainer drill "
            "(freebet-trainer --help lists every command).")


@dataclass(frozen=True)
class MissingLibrary:
    """A shared library the dynamic loader cannot find, and the package that provides it."""

    library: str
    package: str | None

    def text(self) -> str:
        """'libxcb-icccm.so.4 (Debian/Ubuntu package libxcb-icccm4)'."""
        if self.package is None:
            return f"{self.library} (find its package with: apt-file search {self.library})"
        return f"{self.library} (Debian/Ubuntu package {self.package})"


@dataclass(frozen=True)
class DisplayProblem:
    """Why the window cannot open: no display to open it on, or a platform plugin's missing
    libraries (``missing`` empty: no display)."""

    platforms: tuple[str, ...]
    missing: tuple[MissingLibrary, ...] = ()
    silent: str = ""          # an X display set that no server answers on

    def message(self) -> str:
        """The plain message, in lines: what is missing, what to do, the terminal drills."""
        if self.silent and not self.missing:
            return (f"the window cannot open: the X display {self.silent} (DISPLAY) does not "
                    "answer: no X server runs there, or this session may not use it. Start "
                    "the trainer from a desktop session (over ssh: ssh -X, keeping the "
                    "DISPLAY it sets).\n" + TERMINAL)
        if not self.missing:
            unset = [DISPLAY_VARIABLE[p] for p in self.platforms if p in DISPLAY_VARIABLE]
            said = (f"neither {unset[0]} nor {unset[1]} is set" if len(unset) == 2
                    else f"{unset[0]} is not set")
            return (f"the window cannot open: there is no display ({said}). Start the "
                    "trainer from a desktop session (over ssh: ssh -X).\n" + TERMINAL)
        plugins = " and ".join(PLATFORM_NAMES.get(p, p) for p in self.platforms)
        lines = [f"the window cannot open: Qt's {plugins} platform plugin needs system "
                 "libraries that are not installed:"]
        lines += [f"  {missing.text()}" for missing in self.missing]
        packages = sorted({m.package for m in self.missing if m.package})
        if packages:
            lines.append(f"Install them (sudo apt install {' '.join(packages)}) and start "
                         "again.")
        lines.append(TERMINAL)
        return "\n".join(lines)


def chosen_platform(env: Mapping[str, str], argv: Sequence[str] = ()) -> str:
    """The platform chosen for Qt: ``-platform NAME`` on the command line, else
    ``QT_QPA_PLATFORM`` ("" when neither chooses one)."""
    chosen = ""
    for at, arg in enumerate(argv):
        if arg == "-platform" and at + 1 < len(argv):
            chosen = argv[at + 1]
        elif arg.startswith("-platform="):
            chosen = arg.partition("=")[2]
    return (chosen or env.get("QT_QPA_PLATFORM", "")).strip()


def platforms(env: Mapping[str, str], argv: Sequence[str] = ()) -> tuple[str, ...]:
    """The platforms Qt will try, in order: the one chosen (:func:`chosen_platform`, a
    ``;``-separated list, each name before its ``:`` options), else X11, with Wayland first on
    a Wayland session or where a Wayland display is set."""
    chosen = chosen_platform(env, argv)
    if chosen:
        return tuple(name.split(":", 1)[0].strip() for name in chosen.split(";")
                     if name.strip())
    wayland = env.get("XDG_SESSION_TYPE") == "wayland" or bool(env.get("WAYLAND_DISPLAY"))
    return ("wayland", "xcb") if wayland else ("xcb",)


def _family(platform: str) -> str:
    """'wayland-egl' -> 'wayland'; 'xcb' -> 'xcb'; others as they are."""
    return "wayland" if platform.startswith("wayland") else platform


def plugin_folder() -> Path | None:
    """PyQt6's folder of platform plugins, found without importing Qt (None: not found)."""
    spec = importlib.util.find_spec("PyQt6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        folder = Path(location) / "Qt6" / "plugins" / "platforms"
        if folder.is_dir():
            return folder
    return None


def plugin_file(folder: Path, platform: str) -> Path | None:
    """The plugin's shared library: ``libqxcb.so``, ``libqwayland.so`` (or an older
    ``libqwayland-generic.so``)."""
    exact = folder / f"libq{_family(platform)}.so"
    if exact.is_file():
        return exact
    return next(iter(sorted(folder.glob(f"libq{_family(platform)}*.so"))), None)


def parse_ldd(output: str) -> list[str]:
    """The libraries ``ldd`` reports as 'not found', each once, in its order."""
    found: list[str] = []
    for line in output.splitlines():
        name, arrow, where = line.strip().partition("=>")
        if arrow and where.strip() == "not found" and name.strip() not in found:
            found.append(name.strip())
    return found


def unresolved(library: Path, family: str = "xcb") -> list[str]:
    """The libraries ``library`` needs that the dynamic loader cannot find: by ``ldd``, or
    without it (or when it fails) by opening the platform's known system libraries."""
    ldd = shutil.which("ldd")
    if ldd is not None:
        try:
            done = subprocess.run([ldd, str(library)], capture_output=True, text=True,
                                  timeout=20, check=False)
        except (OSError, subprocess.SubprocessError):
            done = None
        if done is not None and done.returncode == 0:
            return parse_ldd(done.stdout)
    missing = []
    for name in PLUGIN_LIBRARIES.get(family, ()):
        try:
            ctypes.CDLL(name)
        except OSError:
            missing.append(name)
    return missing


def x_display_answers(display: str, wait: float = 5.0) -> bool:
    """True when the X server of ``display`` takes a connection (libxcb's ``xcb_connect``,
    opened and closed at once, in a thread given ``wait`` seconds: a display slower than that
    is left to Qt); True also when libxcb cannot be loaded (the library check says that)."""
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return True
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    answered: list[bool] = []

    def connect() -> None:
        connection = xcb.xcb_connect(display.encode(), None)   # never NULL: an error one
        try:
            answered.append(xcb.xcb_connection_has_error(connection) == 0)
        finally:
            xcb.xcb_disconnect(connection)

    thread = threading.Thread(target=connect, name="X display check", daemon=True)
    thread.start()
    thread.join(wait)
    return answered[0] if answered else True


def display_problem(env: Mapping[str, str], argv: Sequence[str] = (), *,
                    system: str = sys.platform, folder: Path | None = None,
                    resolve: Callable[[Path, str], list[str]] = unresolved,
                    answers: Callable[[str], bool] = x_display_answers,
                    ) -> DisplayProblem | None:
    """Why none of the platforms Qt would try can open the window, or None when one can (or
    when this is not Linux, or the plugins cannot be found: Qt then says its own)."""
    if not system.startswith("linux"):
        return None
    tried = platforms(env, argv)
    folder = folder if folder is not None else plugin_folder()
    no_display: list[str] = []
    missing: dict[str, MissingLibrary] = {}
    lacking: list[str] = []
    silent = ""
    for platform in tried:
        family = _family(platform)
        variable = DISPLAY_VARIABLE.get(family)
        if variable is not None and not env.get(variable):
            no_display.append(family)
            continue
        plugin = plugin_file(folder, platform) if folder is not None else None
        if plugin is None:
            return None
        names = resolve(plugin, family)
        if not names:
            if family != "xcb" or answers(env.get("DISPLAY", "")):
                return None
            silent = env.get("DISPLAY", "")
            continue
        lacking.append(family)
        for name in names:
            missing.setdefault(name, MissingLibrary(name, PACKAGES.get(name)))
    if missing:
        return DisplayProblem(tuple(lacking), tuple(missing.values()))
    if silent:
        return DisplayProblem(("xcb",), silent=silent)
    if not no_display:
        return None
    if not chosen_platform(env, argv):       # Qt would have taken either display
        return DisplayProblem(("xcb", "wayland"))
    return DisplayProblem(tuple(no_display))


__all__ = [
    "PACKAGES",
    "DisplayProblem",
    "MissingLibrary",
    "chosen_platform",
    "display_problem",
    "parse_ldd",
    "platforms",
    "plugin_file",
    "plugin_folder",
    "unresolved",
    "x_display_answers",
]
