"""The WebKitGTK driver's data stores and their cookies: `new-data-store`, the reuse of cleared ephemeral stores
across `reset`, and `set-cookie`, `delete-cookie`, `clear-data-store`, `get-cookies`, `observe-cookies`."""

import os
import time

from . import webkit_api as api
from .driver_protocol import ProtocolError, field
from .webkit_api import log
from .webkit_mainloop import CALL_TIMEOUT
from .webkit_objects import Store



class DataStores:
    """The data stores of one driver: this scenario's (`stores`: number -> Store) and the cleared ephemeral ones kept
    for reuse (`pool`), with the protocol's store and cookie operations.

    An object the driver owns rather than a mixin of it: it receives what it uses, `proxy_uri` (the driver's proxy,
    which every store goes through; made at `start`), `install_clock` (libfaketime, before the first WebContext),
    `call` and `run_until` (the main loop's), `next_number` (the numbering every held thing of a scenario shares),
    `queue_event_once` (the driver's event queue: a cookie change is queued once until `settle` hands it over) and
    `times` (the driver's profile)."""

    def __init__(self, proxy_uri, install_clock, call, run_until, next_number, queue_event_once, times):
        self.proxy_uri = proxy_uri
        self.install_clock = install_clock
        self.call = call
        self.run_until = run_until
        self.next_number = next_number
        self.queue_event_once = queue_event_once
        self.times = times
        self.stores = {}
        self.pool = []  # cleared ephemeral stores, ready to be handed out again

    def configure_manager(self, manager):
        uri = self.proxy_uri()
        settings = api.WebKit2.NetworkProxySettings.new(uri, None)
        settings.add_proxy_for_scheme("http", uri)
        settings.add_proxy_for_scheme("https", uri)
        manager.set_network_proxy_settings(api.WebKit2.NetworkProxyMode.CUSTOM, settings)
        manager.set_tls_errors_policy(api.WebKit2.TLSErrorsPolicy.IGNORE)

    def make_context(self, manager):
        self.install_clock()
        context = api.WebKit2.WebContext(website_data_manager=manager)
        # No memory or page cache: every load must go through the proxy (and the harness) again.
        context.set_cache_model(api.WebKit2.CacheModel.DOCUMENT_VIEWER)
        return context

    def make_ephemeral(self):
        manager = api.WebKit2.WebsiteDataManager.new_ephemeral()
        self.configure_manager(manager)
        return Store(manager, self.make_context(manager), persistent=False)

    def make_persistent(self, directory):
        os.makedirs(directory, exist_ok=True)
        manager = api.WebKit2.WebsiteDataManager(
            base_data_directory=os.path.join(directory, "data"),
            base_cache_directory=os.path.join(directory, "cache"),
        )
        self.configure_manager(manager)
        manager.get_cookie_manager().set_persistent_storage(
            os.path.join(directory, "cookies.sqlite"), api.WebKit2.CookiePersistentStorage.SQLITE
        )
        return Store(manager, self.make_context(manager), persistent=True)

    def new_data_store(self, request):
        persistent = field(request, "persistent", bool)
        began = time.monotonic()
        if persistent:
            store = self.make_persistent(field(request, "directory", str))
            kind = "persistent"
        elif self.pool:
            store, kind = self.pool.pop(), "ephemeral, reused"
        else:
            store, kind = self.make_ephemeral(), "ephemeral, new"
        self.times.add(f"new-data-store: {kind}", time.monotonic() - began)
        store.number = self.next_number("store")
        self.stores[store.number] = store
        return {"store": store.number}

    def store_of(self, request):
        number = field(request, "store", int)
        if number not in self.stores:
            raise ProtocolError(f"no data store {number}")
        return self.stores[number]

    def release_stores(self, late=frozenset()):
        """Destroy every store; clear the ephemeral ones (and blank their spare views) and keep them for reuse, but
        for those in `late` (their pages did not pass the reset barrier: a write of theirs may still be on its way)."""
        clearing = {}

        def cleared(manager, result, store):
            try:
                manager.clear_finish(result)
                clearing[store] = True
            except Exception as error:
                log(f"clearing a reused store failed ({error}); dropping it")
                clearing[store] = False

        for store in self.stores.values():
            store.forget_observer()
            if store.persistent or store in late:
                store.destroy()
                continue
            clearing[store] = None
            store.manager.clear(api.WebKit2.WebsiteDataTypes.ALL, 0, None, cleared, store)
            if store.spare is not None and store.spare[0].get_uri() != "about:blank":
                store.spare[0].load_uri("about:blank")  # the barrier page goes; the web process stays
        self.stores = {}
        began = time.monotonic()
        done = self.run_until(
            lambda: all(state is not None for state in clearing.values())
            and not any(store.spare is not None and store.spare[0].is_loading() for store in clearing), CALL_TIMEOUT)
        if clearing:
            self.times.add("reset: clearing reused ephemeral stores", time.monotonic() - began)
        for store, state in clearing.items():
            if state and done:
                self.pool.append(store)
            else:
                store.destroy()

    # -- cookies ----------------------------------------------------------------------------------------------------

    def soup_cookie(self, record):
        if not isinstance(record, dict):
            raise ProtocolError("field 'cookie' must be an object")
        name = field(record, "name", str)
        value = field(record, "value", str, "", optional=True)
        domain = field(record, "domain", str)
        path = field(record, "path", str, "/", optional=True)
        cookie = api.Soup.Cookie.new(name, value, domain, path, -1)
        cookie.set_secure(bool(record.get("secure", False)))
        cookie.set_http_only(bool(record.get("http-only", False)))
        expires = record.get("expires")
        if expires is not None:
            cookie.set_expires(api.GLib.DateTime.new_from_unix_utc(int(round(field(record, "expires", float)))))
        same_site = record.get("same-site")
        if same_site is not None:
            policies = {"none": api.Soup.SameSitePolicy.NONE, "lax": api.Soup.SameSitePolicy.LAX,
                        "strict": api.Soup.SameSitePolicy.STRICT}
            if same_site not in policies:
                raise ProtocolError(f"unknown same-site '{same_site}'")
            cookie.set_same_site_policy(policies[same_site])
        return cookie

    @staticmethod
    def cookie_record(cookie):
        expires = cookie.get_expires()
        same_site = {api.Soup.SameSitePolicy.NONE: "none", api.Soup.SameSitePolicy.LAX: "lax",
                     api.Soup.SameSitePolicy.STRICT: "strict"}.get(cookie.get_same_site_policy())
        return {
            "name": cookie.get_name(),
            "value": cookie.get_value(),
            "domain": cookie.get_domain(),
            "path": cookie.get_path(),
            "secure": bool(cookie.get_secure()),
            "http-only": bool(cookie.get_http_only()),
            "expires": None if expires is None else expires.to_unix(),
            "same-site": same_site,
        }

    def set_cookie(self, request):
        store = self.store_of(request)
        cookie = self.soup_cookie(request.get("cookie"))
        self.call(lambda done: store.cookies.add_cookie(cookie, None, done), "add_cookie_finish", what="add_cookie")
        return {}

    def delete_cookie(self, request):
        store = self.store_of(request)
        cookie = self.soup_cookie(request.get("cookie"))
        self.call(lambda done: store.cookies.delete_cookie(cookie, None, done), "delete_cookie_finish",
                  what="delete_cookie")
        return {}

    def clear_data_store(self, request):
        """`webkit_website_data_manager_clear(ALL, 0)`: every kind of website data of the store, cookies included."""
        store = self.store_of(request)
        self.call(lambda done: store.manager.clear(api.WebKit2.WebsiteDataTypes.ALL, 0, None, done), "clear_finish",
                  what="clear")
        return {}

    def get_cookies(self, request):
        store = self.store_of(request)
        cookies = self.call(lambda done: store.cookies.get_all_cookies(None, done), "get_all_cookies_finish",
                            what="get_all_cookies")
        return {"cookies": [self.cookie_record(cookie) for cookie in cookies or []]}

    def observe_cookies(self, request):
        store = self.store_of(request)
        if store.observer is None:
            number = store.number

            def changed(_manager):
                self.queue_event_once({"type": "cookies-changed", "store": number})

            store.observer = store.cookies.connect("changed", changed)
        return {}

    def destroy_all(self):
        """The driver stops: every store goes, reusable or not."""
        for store in list(self.stores.values()) + self.pool:
            store.destroy()
        self.stores, self.pool = {}, []
