"""The WebKitGTK driver's data stores (Sources/EngineDrivers/harness_drivers/webkit_stores.py, DataStores) with
stand-ins for WebKit's data managers, contexts and cookies: an object given what it uses, so no driver is needed."""

import types

import pytest

from harness_drivers import webkit_api
from harness_drivers import webkit_stores
from harness_drivers.driver_protocol import ProtocolError


class Recorder:
    """Any WebKit object: every method call is recorded as (name, arguments)."""

    def __init__(self, log, name):
        self.log, self.name = log, name

    def __getattr__(self, method):
        return lambda *arguments, **keywords: self.log.append((self.name, method, arguments))


class CookieManager(Recorder):
    def __init__(self, log):
        super().__init__(log, "cookies")
        self.handlers = {}

    def connect(self, signal, handler):
        self.handlers[signal] = handler
        return len(self.handlers)


class Manager(Recorder):
    def __init__(self, log):
        super().__init__(log, "manager")
        self.cookie_manager = CookieManager(log)

    def get_cookie_manager(self):
        return self.cookie_manager


class SameSite:
    NONE, LAX, STRICT = "N", "L", "S"


class Cookie:
    """A SoupCookie as get_all_cookies gives it."""

    def get_expires(self):
        return types.SimpleNamespace(to_unix=lambda: 1700000000)

    def get_same_site_policy(self):
        return SameSite.LAX

    get_name = staticmethod(lambda: "sid")
    get_value = staticmethod(lambda: "s1")
    get_domain = staticmethod(lambda: "app.example.com")
    get_path = staticmethod(lambda: "/")
    get_secure = staticmethod(lambda: True)
    get_http_only = staticmethod(lambda: False)


@pytest.fixture
def parts(monkeypatch):
    """DataStores with recorded WebKit calls, events, clock installs and asynchronous calls."""
    log = []
    monkeypatch.setattr(webkit_api, "WebKit2", types.SimpleNamespace(
        NetworkProxySettings=types.SimpleNamespace(new=lambda uri, ignore: Recorder(log, f"proxy settings {uri}")),
        NetworkProxyMode=types.SimpleNamespace(CUSTOM="custom"),
        TLSErrorsPolicy=types.SimpleNamespace(IGNORE="ignore"),
        WebsiteDataManager=types.SimpleNamespace(new_ephemeral=lambda: Manager(log)),
        WebContext=lambda website_data_manager: (log.append(("context", "made", ())), Recorder(log, "context"))[1],
        CacheModel=types.SimpleNamespace(DOCUMENT_VIEWER="document viewer"),
        WebsiteDataTypes=types.SimpleNamespace(ALL="all"),
    ), raising=False)
    monkeypatch.setattr(webkit_api, "Soup", types.SimpleNamespace(SameSitePolicy=SameSite), raising=False)
    counters = {}

    def next_number(kind):
        counters[kind] = counters.get(kind, 0) + 1
        return counters[kind]

    record = types.SimpleNamespace(events=[], calls=[], value=None, times=[])

    def call(begin, finish, timeout=None, what="call"):
        record.calls.append((finish, what))
        return record.value

    def queue_event_once(event):
        if event not in record.events:
            record.events.append(event)

    stores = webkit_stores.DataStores(
        proxy_uri=lambda: "http://127.0.0.1:4711", install_clock=lambda: log.append(("clock", "install", ())),
        call=call, run_until=lambda predicate, timeout: predicate(), next_number=next_number,
        queue_event_once=queue_event_once, times=types.SimpleNamespace(add=lambda name, seconds: record.times.append(name)))
    return stores, log, record


def test_a_new_ephemeral_store_goes_through_the_proxy_and_gets_the_clock_before_its_context(parts):
    stores, log, record = parts
    assert stores.new_data_store({"persistent": False}) == {"store": 1}
    made = [entry[:2] for entry in log]
    assert ("proxy settings http://127.0.0.1:4711", "add_proxy_for_scheme") in made
    assert ("manager", "set_network_proxy_settings") in made and ("manager", "set_tls_errors_policy") in made
    assert made.index(("clock", "install")) < made.index(("context", "made"))
    assert ("context", "set_cache_model", ("document viewer",)) in log
    assert record.times == ["new-data-store: ephemeral, new"] and list(stores.stores) == [1]


def test_a_cleared_store_of_the_pool_is_handed_out_before_a_new_one(parts):
    stores, log, record = parts
    kept = stores.make_ephemeral()
    stores.pool.append(kept)
    log.clear()
    assert stores.new_data_store({"persistent": False}) == {"store": 1}
    assert stores.store_of({"store": 1}) is kept and stores.pool == [] and log == []
    assert record.times == ["new-data-store: ephemeral, reused"]
    with pytest.raises(ProtocolError, match="no data store 2"):
        stores.store_of({"store": 2})


def test_a_cookie_change_is_queued_once_and_the_store_observed_once(parts):
    stores, _, record = parts
    stores.new_data_store({"persistent": False})
    cookies = stores.store_of({"store": 1}).cookies
    stores.observe_cookies({"store": 1})
    first = stores.store_of({"store": 1}).observer
    stores.observe_cookies({"store": 1})
    assert stores.store_of({"store": 1}).observer == first and list(cookies.handlers) == ["changed"]
    cookies.handlers["changed"](None)
    cookies.handlers["changed"](None)
    assert record.events == [{"type": "cookies-changed", "store": 1}]


def test_get_cookies_gives_each_cookie_as_a_record(parts):
    stores, _, record = parts
    stores.new_data_store({"persistent": False})
    record.value = [Cookie()]
    assert stores.get_cookies({"store": 1}) == {"cookies": [{
        "name": "sid", "value": "s1", "domain": "app.example.com", "path": "/", "secure": True, "http-only": False,
        "expires": 1700000000, "same-site": "lax"}]}
    assert record.calls == [("get_all_cookies_finish", "get_all_cookies")]


def test_destroy_all_destroys_the_scenarios_stores_and_the_pool(parts):
    stores, _, _ = parts
    stores.new_data_store({"persistent": False})
    kept = stores.make_ephemeral()
    stores.pool.append(kept)
    used = stores.store_of({"store": 1})
    stores.destroy_all()
    assert stores.stores == {} and stores.pool == []
    assert used.context is None and kept.context is None  # Store.destroy drops its WebKit objects
