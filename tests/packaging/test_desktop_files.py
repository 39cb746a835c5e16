"""The Linux desktop files in packaging/: the .desktop entry and the AppStream metainfo agree
with pyproject, the icon and each other, and pass the freedesktop validators where installed.

The structural checks always run; ``desktop-file-validate`` (Debian: desktop-file-utils) and
``appstreamcli`` run on top when they are on PATH.
"""

from __future__ import annotations

import configparser
import shutil
import struct
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

from trainer.ui.icon import APP_ID, SIZES, icon_file

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
DESKTOP = PACKAGING / f"{APP_ID}.desktop"
METAINFO = PACKAGING / f"{APP_ID}.metainfo.xml"
SCREENSHOTS = PACKAGING / "screenshots"


def project() -> dict:
    """pyproject.toml's [project] table."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]


def app_command() -> str:
    """The console script that opens the desktop app."""
    scripts = project()["scripts"]
    [name] = [name for name, target in scripts.items() if target == "trainer.__main__:main"]
    return name


def desktop_entry() -> configparser.SectionProxy:
    """The [Desktop Entry] group, keys case-sensitive as the spec has them."""
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    assert parser.read(DESKTOP, encoding="utf-8") == [str(DESKTOP)]
    return parser["Desktop Entry"]


def metainfo() -> ET.Element:
    """The metainfo's root element."""
    return ET.parse(METAINFO).getroot()


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path} is no PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def validator(*command: str) -> None:
    """Run a validator when installed; it must accept the file."""
    if shutil.which(command[0]) is None:
        return
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}{done.stderr}"


def test_the_desktop_entry_launches_the_app_with_its_icon() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == metainfo().findtext("name")
    command = app_command()
    assert entry["Exec"].split()[0] == command
    assert entry["TryExec"] == command
    # X11 desktops match the window by WM_CLASS, whose instance part is the program's name
    assert entry["StartupWMClass"] == command
    assert entry["Terminal"] == "false"
    categories = entry["Categories"]
    assert categories.endswith(";") and {"Game", "CardGame"} <= set(categories.split(";"))
    assert entry["Icon"] == APP_ID == DESKTOP.name.removesuffix(".desktop")
    for size in (*SIZES, None):
        assert icon_file(size).stem == entry["Icon"] and icon_file(size).is_file()
    validator("desktop-file-validate", str(DESKTOP))


def test_the_metainfo_names_the_app_its_launcher_and_commands() -> None:
    root = metainfo()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID == METAINFO.name.removesuffix(".metainfo.xml")
    [launchable] = root.findall("launchable")
    assert launchable.get("type") == "desktop-id" and launchable.text == DESKTOP.name
    binaries = {b.text for b in root.findall("provides/binary")}
    assert binaries == set(project()["scripts"])
    license = project()["license"]
    assert root.findtext("project_license") == (license if isinstance(license, str)
                                                else license["text"])
    assert len(root.findtext("description/p", "").split()) > 20
    validator("appstreamcli", "validate", "--no-net", "--pedantic", str(METAINFO))


def test_the_newest_release_is_the_package_version() -> None:
    releases = metainfo().findall("releases/release")
    assert releases, "no release listed"
    assert releases[0].get("version") == project()["version"]
    assert all(r.get("date") for r in releases)


def test_the_content_rating_declares_play_money_gambling_only() -> None:
    rating = metainfo().find("content_rating")
    assert rating is not None and rating.get("type") == "oars-1.1"
    found = {a.get("id"): a.text for a in rating.findall("content_attribute")}
    # a casino game with a play bankroll: gambling is declared, real money ("intense") is not
    assert found.get("money-gambling") in ("mild", "moderate")
    assert set(found.values()) <= {"none", "mild", "moderate"}


def test_the_screenshots_share_one_base_url_and_exist_at_their_size() -> None:
    shots = metainfo().findall("screenshots/screenshot")
    assert [s.get("type") for s in shots].count("default") == 1
    images = [s.find("image") for s in shots]
    assert all(image is not None and image.text for image in images)
    urls = [image.text.strip() for image in images]  # type: ignore[union-attr]
    bases = {url.rsplit("/", 1)[0] for url in urls}
    assert len(bases) == 1 and next(iter(bases)).startswith("https://")
    names = [url.rsplit("/", 1)[1] for url in urls]
    assert sorted(names) == sorted(p.name for p in SCREENSHOTS.glob("*.png")), \
        "every screenshot in packaging/screenshots is listed, and only those"
    for image, name in zip(images, names, strict=True):
        assert image is not None
        assert png_size(SCREENSHOTS / name) == (int(image.get("width", 0)),
                                                int(image.get("height", 0)))
    assert all(s.findtext("caption") for s in shots)
