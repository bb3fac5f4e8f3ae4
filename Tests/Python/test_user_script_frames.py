"""The WebKitGTK driver's user scripts (Sources/EngineDrivers/harness_drivers/webkit_views.py: WebViews.user_scripts)
with a stand-in for WebKit2: each script goes to the frames its `main-frame-only` asks (WKUserScript's
`forMainFrameOnly`), the top frame only when the field is absent. What the real engine then does in a frame:
docs/engines.md, "Scripts inside frames, measured"."""

import enum
import types

import pytest

from harness_drivers import webkit_api
from harness_drivers.driver_protocol import ProtocolError
from harness_drivers.webkit_views import WebViews


class InjectedFrames(enum.Enum):
    ALL_FRAMES = 0
    TOP_FRAME = 1


class InjectionTime(enum.Enum):
    START = 0
    END = 1


class UserScript:
    @staticmethod
    def new(source, frames, time, allow, block):
        return types.SimpleNamespace(source=source, frames=frames, time=time)


@pytest.fixture(autouse=True)
def webkit(monkeypatch):
    stand_in = types.SimpleNamespace(
        UserContentInjectedFrames=InjectedFrames, UserScriptInjectionTime=InjectionTime, UserScript=UserScript)
    monkeypatch.setattr(webkit_api, "WebKit2", stand_in, raising=False)


def test_each_script_goes_to_the_frames_its_main_frame_only_asks():
    scripts = WebViews.user_scripts({"scripts": [
        {"source": "a", "time": "start", "main-frame-only": False},
        {"source": "b", "time": "end", "main-frame-only": True},
    ]})
    assert [(s.source, s.frames, s.time) for s in scripts] == [
        ("a", InjectedFrames.ALL_FRAMES, InjectionTime.START),
        ("b", InjectedFrames.TOP_FRAME, InjectionTime.END),
    ]


def test_a_script_without_the_field_stays_in_the_top_frame():
    [script] = WebViews.user_scripts({"scripts": [{"source": "a", "time": "start"}]})
    assert script.frames is InjectedFrames.TOP_FRAME


def test_main_frame_only_must_be_a_bool():
    with pytest.raises(ProtocolError, match="main-frame-only"):
        WebViews.user_scripts({"scripts": [{"source": "a", "time": "start", "main-frame-only": "no"}]})
