"""Every module of the harness_drivers package has tests here (issue 39: `swift test` runs pytest for every Python
module): a module no test file imports is one a refactor can break unseen."""

import pathlib
import pkgutil
import re

import harness_drivers

TESTS = pathlib.Path(__file__).parent


def package_modules():
    """Every module of the package and its subpackages, by its last name (`webkit_views`, `faketime`)."""
    return sorted({name.rsplit(".", 1)[-1]
                   for _, name, is_package in pkgutil.walk_packages(harness_drivers.__path__, "harness_drivers.")
                   if not is_package})


def imported_names(text):
    """The module names a test file imports from the package (`from harness_drivers[.sub] import a, b`,
    `import harness_drivers.x`, `from harness_drivers.x import …`)."""
    names = set(re.findall(r"harness_drivers(?:\.\w+)*\.(\w+)", text))
    groups = re.findall(r"^from harness_drivers(?:\.\w+)* import \(([^)]*)\)", text, re.M)
    groups += re.findall(r"^from harness_drivers(?:\.\w+)* import ([\w, ]+)$", text, re.M)
    for group in groups:
        names.update(part.strip().split(" as ")[0] for part in group.replace("\n", ",").split(",") if part.strip())
    return names


def test_the_package_has_modules():
    assert {"webkit", "chromium", "firefox", "proxy", "faketime"} <= set(package_modules())


def test_every_module_is_imported_by_a_test_file():
    imported = set()
    for path in TESTS.glob("*.py"):
        if path.name != pathlib.Path(__file__).name:
            imported |= imported_names(path.read_text())
    untested = [name for name in package_modules() if name not in imported]
    assert untested == [], f"modules no file of Tests/Python imports: {untested}"


def test_the_import_reader_sees_both_forms():
    text = ("from harness_drivers.support import faketime, harness_lines as lines\nimport harness_drivers.webkit_api\n"
            "from harness_drivers import (\n    chromium,\n    firefox as fx,\n)\nfrom harness_drivers import proxy\n")
    assert imported_names(text) == {"support", "faketime", "harness_lines", "webkit_api", "chromium", "firefox", "proxy"}
