"""How the WebKitGTK driver (Sources/EngineDrivers/harness_drivers/webkit.py) is put together: every op of the
protocol reaches a method, the parts' ops reach the part that owns their state. No engine: nothing from gi is
imported before `start`."""

import shutil

import pytest

from harness_drivers import webkit


@pytest.fixture
def driver():
    made = webkit.Driver()
    yield made
    shutil.rmtree(made.directory, ignore_errors=True)


def test_every_operation_reaches_a_method(driver):
    for op in webkit.Driver.OPERATIONS:
        assert callable(driver.operation(op)), op


@pytest.mark.parametrize("op, part", [
    ("new-data-store", "data_stores"), ("set-cookie", "data_stores"), ("delete-cookie", "data_stores"),
    ("get-cookies", "data_stores"), ("clear-data-store", "data_stores"), ("observe-cookies", "data_stores"),
    ("new-web-view", "web_views"), ("set-scripts", "web_views"), ("load", "web_views"), ("load-html", "web_views"),
    ("click-link", "web_views"), ("submit-form", "web_views"), ("go-back", "web_views"), ("go-forward", "web_views"),
    ("fetch", "web_views"), ("open-window", "web_views"),
    ("set-message-handlers", "page_calls"), ("evaluate", "page_calls"), ("answer-prompt", "prompts"), ("finish-scheme-task", "schemes"),
])
def test_a_parts_operation_is_performed_by_that_part(driver, op, part):
    assert driver.operation(op).__self__ is getattr(driver, part)


def test_an_operation_before_start_is_refused_without_reaching_a_part(driver):
    reply = driver.handle('{"id": 1, "op": "get-cookies", "store": 1}')
    assert reply["status"] == "errored" and "before a successful 'start'" in reply["message"]


def test_the_proxy_answers_to_the_event_queue_and_every_part_numbers_from_one_counter(driver):
    assert not hasattr(driver, "open_exchange") and not hasattr(driver, "lock")  # no state of the parts on the Driver
    assert driver.data_stores.next_number.__self__ is driver and driver.web_views.next_number.__self__ is driver
    assert driver.decisions.queue is driver.event_queue
    assert driver.decisions.pending_calls is driver.pending_calls is driver.web_views.pending_calls


def test_settle_on_a_quiet_driver_is_idle_and_hands_over_the_queued_events(driver):
    driver.event_queue.queue_event({"type": "navigation"})
    driver.event_queue.last_activity = 0.0
    driver.loop.wake = lambda: None
    assert driver.settle({"wait": 0}) == {"events": [{"type": "navigation"}], "idle": True}
    assert driver.busy_reason() == "nothing (quiet window not reached)"
