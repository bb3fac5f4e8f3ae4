"""libfaketime's timestamp file and variables (Sources/EngineDrivers/harness_drivers/support/faketime.py): what the
drivers and the libsoup adapter put into a process to move its clock; and, where Debian's `faketime` is installed,
that a process started with them reads the scenario's time."""

import os
import subprocess
import time

import pytest

from harness_drivers.support import faketime


def test_preload_puts_libfaketime_first_and_keeps_an_earlier_preload():
    variables = faketime.preload({"LD_PRELOAD": "/lib/other.so"}, "/tmp/clock", TZ="UTC")
    assert variables["LD_PRELOAD"] == faketime.LIBFAKETIME + ":/lib/other.so"
    assert variables["FAKETIME_TIMESTAMP_FILE"] == "/tmp/clock"
    assert variables["FAKETIME_NO_CACHE"] == "1" and variables["FAKETIME_DONT_FAKE_MONOTONIC"] == "1"
    assert variables["TZ"] == "UTC"
    assert faketime.preload({}, "/tmp/clock")["LD_PRELOAD"] == faketime.LIBFAKETIME


def test_offset_file_holds_the_offset_from_real_time_to_the_millisecond(tmp_path):
    clock = faketime.OffsetFile(str(tmp_path))
    clock.set(time.time() - 86_400)
    text = open(clock.path).read()
    assert text.endswith("s\n") and text.startswith("-")
    assert abs(float(text[:-2]) + 86_400) < 5
    assert "." in text and len(text.split(".")[1]) == len("000s\n")  # fractional, not whole seconds
    assert os.listdir(tmp_path) == ["faketime"]  # the temporary file was renamed into place


@pytest.mark.skipif(not faketime.available(), reason="Debian's faketime (libfaketime) is not installed")
def test_a_process_started_with_the_variables_reads_the_files_time(tmp_path):
    clock = faketime.OffsetFile(str(tmp_path))
    clock.set(978_307_200)  # 2001-01-01T00:00:00Z
    environment = dict(os.environ, **faketime.preload(dict(os.environ), clock.path))
    year = subprocess.run(["date", "-u", "+%Y"], env=environment, capture_output=True, text=True, check=True)
    assert year.stdout.strip() == "2001"
    clock.set(1_893_456_000)  # 2030-01-01: re-read on every clock call
    year = subprocess.run(["date", "-u", "+%Y"], env=environment, capture_output=True, text=True, check=True)
    assert year.stdout.strip() == "2030"
