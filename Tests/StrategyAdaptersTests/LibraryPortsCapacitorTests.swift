import Foundation
import HTTPModel
import HarnessCore
import LiveStrategyAdapters
import StrategyAdapters
@testable import SyncStrategies
import Reporting
import TestSupport
import Testing
import WebKitModel

/// The port of Capacitor's `CapacitorCookies` (issue 20): its catalog and its page script. Its drift against the
/// expectation files is checked with the other libraries' (``LibraryPortDriftTests``).
@Suite("library ports (Capacitor)")
struct LibraryPortsCapacitorTests {
    @Test("every version runs on ios, ios-11 and webkitgtk, with its origin")
    func catalog() throws {
        let kinds = try LibraryPortsBTests.checkCatalog(of: CapacitorCookies.library, repository: "ionic-team/capacitor")
        #expect(kinds.map(\.name) == CapacitorCookies.Version.allCases.map { "capacitor-cookies:\($0.rawValue)" }
            .filter { $0 != "capacitor-cookies:6.0.0" } + ["capacitor-http:4.3.0", "capacitor-http:4.6.0", "capacitor-http:5.0.0", "capacitor-http:5.2.3", "capacitor-http:6.0.0"])
    }

    @Test("the page script patches document.cookie through prompt() (4.4.0+) or the bridge handler (4.3.0)")
    func pageScript() {
        let latest = CapacitorCookies.pageScript(.v5_2_3)
        #expect(latest.contains("'CapacitorCookies.isEnabled'") && latest.contains("'CapacitorCookies.get'"))
        #expect(latest.contains("action: val, domain: domain"))
        let first = CapacitorCookies.pageScript(.v4_3_0)
        #expect(first.contains("toNative('CapacitorCookies', 'setCookie'") && !first.contains("'CapacitorCookies.set'"))
    }

    // MARK: CapacitorHttp

    typealias F = StrategyFixtures

    @Test("with CapacitorHttp on, the page's fetch goes by URLSession with the native store's cookies, on both engines' paths")
    func fetchGoesNative() throws {
        for version in ["4.3.0", "4.6.0", "5.0.0", "5.2.3"] {
            let run = try F.run("cap-http-fetch", [
                F.nativeLogin, F.open, F.load("https://app.example.com/home"),
                .fetch(Request(url: "https://app.example.com/api/me")),
                F.request("https://app.example.com/api/me", contains: ["sid=s3cr3t"]),
            ], on: "capacitor-http:\(version)")
            #expect(run.status == .passed, "\(run.transcript.joined(separator: "\n"))")
            #expect(run.transcript.contains { $0.hasPrefix("→ [urlsession] GET https://app.example.com/api/me") }, "\(version): not sent natively")
            #expect(!run.transcript.contains { $0.hasPrefix("→ [web view] GET https://app.example.com/api/me") })
        }
        let off = try F.run("cap-http-off", [
            F.open, F.load("https://app.example.com/home"), .fetch(Request(url: "https://app.example.com/api/me")),
        ], on: "capacitor-cookies:4.6.0")
        #expect(off.transcript.contains { $0.contains("prompt('{\"type\":\"CapacitorHttp\"}'): the app answered 'false'") })
        #expect(!off.transcript.contains { $0.contains("[urlsession]") }, "CapacitorHttp off: the engine's own fetch")
    }

    @Test("4.6.0's setCookiesFromResponse splits Set-Cookie on every comma: an Expires date's split makes the persistent cookie a session one, copied to the web view; 4.3.0 keeps it native and persistent")
    func setCookiesFromResponse() throws {
        let fetchPrefs: [Step.Kind] = [F.open, F.load("https://app.example.com/home"), .fetch(Request(url: "https://app.example.com/prefs"))]
        let early = try F.run("cap-http-prefs", fetchPrefs + [
            F.store(.native, "lang", persistent: true), F.store(.native, "other"), F.store(.webView, "lang", present: false),
        ], on: "capacitor-http:4.3.0")
        #expect(early.status == .passed, "\(early.transcript.joined(separator: "\n"))")
        let later = try F.run("cap-http-prefs", fetchPrefs + [
            F.store(.native, "lang", persistent: false), F.store(.native, "other"), F.store(.webView, "lang", persistent: false),
        ], on: "capacitor-http:4.6.0")
        #expect(later.status == .passed, "\(later.transcript.joined(separator: "\n"))")
        #expect(later.transcript.contains { $0.contains("CapacitorCookieManager.setCookie('', 'lang=de; Path=/; Secure; Expires=Fri')") })
    }

    @Test("buildResponse: lower-cased header names, JSON data parsed when the type says so, text otherwise")
    func buildResponse() throws {
        let url = try #require(URL(string: "https://app.example.com/api"))
        let json = CapacitorCookies.buildResponse(NativeHTTPResponse(
            response: WebResponse(url: url, statusCode: 201, headerFields: [.init(name: "Content-Type", value: "application/json")]),
            body: #"{"a":1}"#))
        #expect(json["status"] as? Int == 201 && (json["headers"] as? [String: String])?["content-type"] == "application/json")
        #expect((json["data"] as? [String: Any])?["a"] as? Int == 1)
        let text = CapacitorCookies.buildResponse(NativeHTTPResponse(response: WebResponse(url: url, statusCode: 200, headerFields: []), body: "hi"))
        #expect(text["data"] as? String == "hi" && text["url"] as? String == "https://app.example.com/api")
    }

    @Test("6.0.0: a GET fetch goes to the app's scheme handler, which sends it with URLSession.shared — from an http page; from an https page it is blocked as mixed content; a POST goes through the plugin")
    func schemeHandlerPath() throws {
        let origins = StrategyFixtures.origins + [
            Origin(url: "http://dev.example.com", routes: [Route(path: "/home"), Route(path: "/api/me", setCookies: ["api=1; Path=/"])]),
        ]
        let live = StrategyAdapterCatalog.liveEngineUnavailable == nil ? ["capacitor-http:6.0.0@webkitgtk-live"] : []
        for adapter in ["capacitor-http:6.0.0", "capacitor-http:6.0.0@webkitgtk"] + live {
            let http = try F.run("cap6-http", [
                F.open, F.load("http://dev.example.com/home"), .fetch(Request(url: "http://dev.example.com/api/me")),
                F.store(.native, "api"), F.store(.webView, "api", present: false),
            ], on: adapter, origins: origins)
            #expect(http.status == .passed, "\(http.transcript.joined(separator: "\n"))")
            #expect(http.transcript.contains { $0.contains("handleCapacitorHttpRequest GET http://dev.example.com/api/me") })
            #expect(http.transcript.contains { $0.hasPrefix("→ [urlsession] GET http://dev.example.com/api/me") })
        }
        let https = try F.run("cap6-https", [
            F.nativeLogin, F.open, F.load("https://app.example.com/home"), .fetch(Request(url: "https://app.example.com/api/me")),
        ], on: "capacitor-http:6.0.0")
        #expect(https.transcript.contains { $0.contains("is blocked: mixed content") })
        #expect(!https.transcript.contains { $0.contains("GET https://app.example.com/api/me") })
        let post = try F.run("cap6-post", [
            F.open, F.load("https://app.example.com/home"), .fetch(Request(url: "https://login.example.com/login", method: "POST", body: "u=a")),
            F.store(.native, "sid"),
        ], on: "capacitor-http:6.0.0")
        #expect(post.status == .passed, "\(post.transcript.joined(separator: "\n"))")
        #expect(post.transcript.contains { $0.hasPrefix("→ [urlsession] POST https://login.example.com/login") })
    }

    @Test("the XHR patch: 4.x sends every XHR by URLSession with the native cookies, withCredentials or not; 6.0.0 sends a GET to the app's scheme handler and a POST through the plugin — on both engines")
    func xhrPatch() throws {
        let origins = StrategyFixtures.origins + [
            Origin(url: "http://dev.example.com", routes: [Route(path: "/home"), Route(path: "/api/me", setCookies: ["api=1; Path=/"])]),
            Origin(url: "https://api.example.com", routes: [Route(path: "/me")]),
        ]
        let live = StrategyAdapterCatalog.liveEngineUnavailable == nil ? ["@webkitgtk-live"] : []
        // On iOS (assumed) the scheme handler's request says httpShouldHandleCookies=false for an XHR without
        // withCredentials, and WebViewAssetHandler sends that request as is: URLSession keeps no cookie of it.
        let noCredentials = try F.run("cap6-xhr-get", [
            F.open, F.load("http://dev.example.com/home"), .fetch(Request(url: "http://dev.example.com/api/me"), .xhr(withCredentials: false)),
            F.store(.native, "api", present: false),
        ], on: "capacitor-http:6.0.0", origins: origins)
        #expect(noCredentials.status == .passed, "\(noCredentials.transcript.joined(separator: "\n"))")
        for profile in ["", "@webkitgtk"] + live {
            for version in ["4.3.0", "4.6.0"] {
                let run = try F.run("cap-http-xhr", [
                    F.nativeLogin, F.open, F.load("https://app.example.com/home"),
                    .fetch(Request(url: "https://api.example.com/me"), .xhr(withCredentials: false)),
                    F.request("https://api.example.com/me", contains: ["sid=s3cr3t"]),
                ], on: "capacitor-http:\(version)\(profile)", origins: origins)
                #expect(run.status == .passed, "\(version)\(profile): \(run.transcript.joined(separator: "\n"))")
                #expect(run.transcript.contains { $0.hasPrefix("→ [urlsession] GET https://api.example.com/me") })
            }
            let get = try F.run("cap6-xhr-get", [
                F.open, F.load("http://dev.example.com/home"),
                .fetch(Request(url: "http://dev.example.com/api/me"), .xhr(withCredentials: profile.isEmpty)),
                F.store(.native, "api"), F.store(.webView, "api", present: false),
            ], on: "capacitor-http:6.0.0\(profile)", origins: origins)
            #expect(get.status == .passed, "6.0.0\(profile): \(get.transcript.joined(separator: "\n"))")
            #expect(get.transcript.contains { $0.contains("handleCapacitorHttpRequest GET http://dev.example.com/api/me") })
            let post = try F.run("cap6-xhr-post", [
                F.open, F.load("https://app.example.com/home"),
                .fetch(Request(url: "https://login.example.com/login", method: "POST", body: "u=a"), .xhr(withCredentials: true)),
                F.store(.native, "sid"),
            ], on: "capacitor-http:6.0.0\(profile)", origins: origins)
            #expect(post.status == .passed, "6.0.0\(profile): \(post.transcript.joined(separator: "\n"))")
            #expect(post.transcript.contains { $0.hasPrefix("→ [urlsession] POST https://login.example.com/login") })
        }
    }

    @Test("6.0.0's interceptor URL names the target: scheme by the prefix, host percent-decoded")
    func targetURL() throws {
        let url = try #require(URL(string: "capacitor://localhost/_capacitor_https_interceptor_/app.example.com%3A8443/a/b?x=1"))
        #expect(CapacitorCookies.AssetHandler.targetURL(url, isHttps: true)?.absoluteString == "https://app.example.com:8443/a/b?x=1")
        let plain = try #require(URL(string: "capacitor://localhost/_capacitor_http_interceptor_/dev.example.com/me"))
        #expect(CapacitorCookies.AssetHandler.targetURL(plain, isHttps: false)?.absoluteString == "http://dev.example.com/me")
    }
}
