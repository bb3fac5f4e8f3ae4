import Foundation
import HarnessCore
import Reporting
import StrategyAdapters
import SyncStrategies
import TestSupport
import WebKitModel
import Testing

/// The options apps turn on are parameters of the library ports (issue 36): a name that sets them reads back the same,
/// a wrong one is refused with the kind's options, and each option a port takes changes what a team sees.
@Suite("library options", .serialized)
struct LibraryOptionTests {
    @Test(
        "an adapter name with options reads back as written",
        arguments: [
            "rnw-shared-cookies:13.10.6[incognito=true]", "rnw-shared-cookies:5.7.0[sharedCookiesEnabled=false,cacheEnabled=false]@ios-11",
            "capacitor-http:6.0.0[CapacitorCookies=false]@webkitgtk-live",
            "kkjsbridge:1.3.9[enableAjaxHook=true,enableCookieGetHook=false]@ios-18", "kkjsbridge:1.0.9[enableAjaxHook=true]",
            "inappwebview-set-cookie:6.1.5[sharedCookiesEnabled=true,cacheEnabled=false]@ios-12",
            "rn-cookies-set-then-load:2.0.9[useWebKit=false]@ios-11",
        ])
    func roundTrip(name: String) throws {
        let parsed = try #require(try StrategyName(parsing: name))
        #expect(parsed.description == name)
        #expect(try StrategyName(parsing: parsed.description) == parsed)
        // The kind the name asks for carries the name's options, written the same way.
        let kind = try #require(try SyncStrategyKind.resolving(StrategyName(kind: parsed.kind, options: parsed.options).description))
        #expect(kind.name + parsed.profile == name)
        #expect(kind.make().name == kind.name, "the port names itself as its adapter")
    }

    @Test("a name without options is exactly the kind it always named")
    func plainNames() throws {
        #expect(try StrategyName(parsing: "rnw-shared-cookies:13.10.6@ios-18") == nil)
        let kind = try #require(try SyncStrategyKind.resolving("rnw-shared-cookies:13.10.6"))
        #expect(kind.name == "rnw-shared-cookies:13.10.6" && kind.values.isEmpty)
        #expect(try SyncStrategyKind.resolving("no-such-kind[incognito=true]") == nil)
    }

    @Test(
        "a wrong option is refused, naming what is wrong and the kind's options",
        arguments: [
            ("rnw-shared-cookies:13.10.6[incognit=true]", ["no option 'incognit'", "sharedCookiesEnabled", "incognito", "cacheEnabled"]),
            ("rnw-shared-cookies:13.10.6[thirdPartyCookiesEnabled=false]", ["Android-only"]),
            ("rnw-shared-cookies:13.10.6[incognito=yes]", ["true or false"]),
            ("rnw-shared-cookies:13.10.6[cacheEnabled=true]", ["is the default"]),
            ("rnw-shared-cookies:13.10.6[cacheEnabled=false,incognito=true]", ["in the order sharedCookiesEnabled, incognito, cacheEnabled"]),
            ("rnw-shared-cookies:13.10.6[incognito]", ["not OPTION=VALUE"]),
            ("rnw-shared-cookies:13.10.6[incognito=true", ["never closed"]),
            ("capacitor-cookies:5.2.3[CapacitorHttp=true]", ["the adapter's name chooses it"]),
            ("wk-no-sync[incognito=true]", ["has no options"]),
            ("kkjsbridge:1.0.9[enableCookieSetHook=false]", ["1.0.9's KKJSBridgeConfig has no such switch"]),
            ("kkjsbridge:1.3.9[enableCookieGetHook=false,enableAjaxHook=true]",
             ["in the order enableAjaxHook, enableCookieSetHook, enableCookieGetHook"]),
            ("kkjsbridge:1.3.9[enableAjaxHook=1]", ["true or false"]),
            ("kkjsbridge:1.3.9[enableCookieSetHook=true]", ["is the default"]),
            ("inappwebview-set-cookie:1.2.1[incognito=true]", ["has no options"]),
            ("inappwebview-set-cookie:6.1.5[thirdPartyCookiesEnabled=false]", ["Android-only"]),
            ("inappwebview-set-cookie:6.1.5[sharedCookiesEnabled=false]", ["is the default"]),
            ("inappwebview-set-cookie:6.1.5[incognito=true,sharedCookiesEnabled=true]", ["in the order sharedCookiesEnabled, incognito, cacheEnabled"]),
            ("rn-cookies-set-then-load:6.2.1[useWebKit=true]", ["is the default"]),
            ("rn-cookies-set-then-load:6.0.8[usewebkit=false]", ["no option 'usewebkit'", "useWebKit (default true)"]),
        ])
    func refused(name: String, mentions: [String]) {
        do {
            let kind = try SyncStrategyKind.resolving(name)
            Issue.record("\(name) was accepted as \(kind?.name ?? "nothing")")
        } catch {
            for text in mentions { #expect(error.description.contains(text), "\(error.description)") }
        }
    }

    /// Every option is either a parameter or declared with the reason no adapter sets it; `list adapters` prints both.
    @Test("every declared option is a parameter or says why not")
    func declared() {
        let rnw = ReactNativeWebViewSharedCookies.options
        #expect(rnw.map(\.name) == ["sharedCookiesEnabled", "incognito", "cacheEnabled", "thirdPartyCookiesEnabled"])
        #expect(rnw.filter { $0.notAParameter != nil }.map(\.name) == ["thirdPartyCookiesEnabled"])
        let inAppWebView = FlutterInAppWebViewCookieManager.options
        #expect(inAppWebView.map(\.name) == ["sharedCookiesEnabled", "incognito", "cacheEnabled", "thirdPartyCookiesEnabled"])
        #expect(inAppWebView.filter { $0.notAParameter != nil }.map(\.name) == ["thirdPartyCookiesEnabled"])
        // 1.x builds a plain WKWebViewConfiguration: no setting to read.
        for kind in SyncStrategyKind.versions(of: FlutterInAppWebViewCookieManager.library) {
            #expect(kind.options.isEmpty == (kind.origin?.version == "1.2.1"), "\(kind.name)")
        }
        for kind in SyncStrategyKind.libraries where kind.origin?.library == "capacitor" {
            #expect(kind.parameters.map(\.name) == ["CapacitorCookies"], "\(kind.name)")
        }
        // KKJSBridgeConfig's switches in its header's order; the cookie hooks' switches came in 1.3.6.
        let kk = SyncStrategyKind.versions(of: KKJSBridgeStrategy.library)
        #expect(kk.map { $0.options.map(\.name) } == Array(repeating: ["enableAjaxHook", "enableCookieSetHook", "enableCookieGetHook"], count: 2))
        #expect(kk.map { $0.parameters.map(\.name) } == [["enableAjaxHook"], ["enableAjaxHook", "enableCookieSetHook", "enableCookieGetHook"]])
        // set(…, useWebKit) in every @react-native-cookies range.
        for kind in SyncStrategyKind.versions(of: ReactNativeCookiesSetThenLoad.library) {
            #expect(kind.parameters.map(\.name) == ["useWebKit"], "\(kind.name)")
        }
    }

    /// The verdicts of `adapters` over the built-in suites, per adapter then scenario.
    static func verdicts(_ adapters: [Adapter]) throws -> [String: [String: String]] {
        let collector = CollectingReporter()
        _ = try Runner().run(RunPlan(suites: try BuiltInSuites.suites, adapters: adapters, jobs: 2), reporter: collector)
        var verdicts: [String: [String: String]] = [:]
        for result in collector.results {
            verdicts[result.adapter.name, default: [:]][result.scenarioID] = LibraryPortDriftTests.verdict(result.status)
        }
        return verdicts
    }

    /// Each option a port takes, set on the release it is built in for, gives another verdict than the default on at
    /// least one scenario of the built-in suites (`incognito` and `cacheEnabled=false` pick the same kind of store:
    /// each is compared with the default, not with the other).
    @Test(
        "each option changes at least one scenario's outcome",
        arguments: [
            ("rnw-shared-cookies:13.10.6", "sharedCookiesEnabled", "false"), ("rnw-shared-cookies:13.10.6", "incognito", "true"),
            ("rnw-shared-cookies:13.10.6", "cacheEnabled", "false"), ("capacitor-cookies:5.2.3", "CapacitorCookies", "false"),
            ("capacitor-http:6.0.0", "CapacitorCookies", "false"), ("kkjsbridge:1.0.9", "enableAjaxHook", "true"),
            ("kkjsbridge:1.3.9", "enableAjaxHook", "true"), ("kkjsbridge:1.3.9", "enableCookieSetHook", "false"),
            ("capacitor-http:6.0.0", "CapacitorCookies", "false"),
            ("inappwebview-set-cookie:6.1.5", "sharedCookiesEnabled", "true"), ("inappwebview-set-cookie:6.1.5", "incognito", "true"),
            ("inappwebview-set-cookie:2.1.0", "incognito", "true"), ("rn-cookies-set-then-load:6.2.1", "useWebKit", "false"),
        ])
    func optionShows(kind name: String, option: String, value: String) throws {
        let base = try #require(SyncStrategyKind.named(name))
        let set = try base.setting([(option, value)])
        let verdicts = try Self.verdicts([base, set].map { StrategyAdapterCatalog.adapter(for: $0, on: .ios) })
        let (before, after) = (verdicts[base.name] ?? [:], verdicts[set.name] ?? [:])
        #expect(!before.isEmpty && before.count == after.count)
        let differing = before.keys.filter { before[$0] != after[$0] }.sorted()
        #expect(!differing.isEmpty, "\(set.name) gives the same verdict as \(name) on every scenario")
    }

    /// Each KKJSBridge switch on a scenario it decides (a verdict read from the transcripts): the ajax hook keeps an
    /// XHR's cookie out of the web view's store; the set hook off stops 1.3.9's per-load script from echoing an
    /// HttpOnly cookie into the native store without its flag; the get hook, only with the ajax hook, makes
    /// `document.cookie` the native store's `Cookie` header — HttpOnly cookies included.
    @Test(
        "each KKJSBridge switch decides a named scenario",
        arguments: [
            ("kkjsbridge:1.0.9", "kkjsbridge:1.0.9[enableAjaxHook=true]", "subresource.xhr-same-origin-sets-script-visible-cookie", "pass", "fail"),
            ("kkjsbridge:1.3.9", "kkjsbridge:1.3.9[enableAjaxHook=true]", "subresource.xhr-same-origin-sets-script-visible-cookie", "pass", "fail"),
            ("kkjsbridge:1.3.9", "kkjsbridge:1.3.9[enableCookieSetHook=false]", "http-only.native-httponly-keeps-flag-after-relaunch", "fail", "pass"),
            ("kkjsbridge:1.3.9[enableAjaxHook=true]", "kkjsbridge:1.3.9[enableAjaxHook=true,enableCookieGetHook=false]",
             "http-only.native-httponly-never-script-visible", "fail", "pass"),
        ])
    func kkJSBridgeSwitch(base: String, set: String, scenario: String, before: String, after: String) throws {
        let kinds = try [base, set].map { try #require(try SyncStrategyKind.resolving($0)) }
        let suites = try BuiltInSuites.suites.filter { $0.scenarios.contains { $0.id == scenario } }
        let collector = CollectingReporter()
        let adapters = kinds.map { StrategyAdapterCatalog.adapter(for: $0, on: .ios) }
        _ = try Runner().run(RunPlan(suites: suites, adapters: adapters, jobs: 2), reporter: collector)
        let verdict = { (name: String) in
            collector.results.first { $0.adapter.name == name && $0.scenarioID == scenario }?.status.name
        }
        #expect(verdict(base) == before && verdict(set) == after, "\(scenario): \(base) \(verdict(base) ?? "-"), \(set) \(verdict(set) ?? "-")")
    }

    /// flutter_inappwebview's `cacheEnabled` is read only with `sharedCookiesEnabled` on (and `incognito` off): alone
    /// it keeps the default store a plain configuration has, so it changes nothing; with it, a non-persistent store.
    @Test("flutter_inappwebview's cacheEnabled=false shows only with sharedCookiesEnabled")
    func inAppWebViewCacheEnabled() throws {
        let base = try #require(SyncStrategyKind.named("inappwebview-set-cookie:6.1.5"))
        let kinds = try [
            base, base.setting([("cacheEnabled", "false")]), base.setting([("sharedCookiesEnabled", "true")]),
            base.setting([("sharedCookiesEnabled", "true"), ("cacheEnabled", "false")]),
        ]
        let verdicts = try Self.verdicts(kinds.map { StrategyAdapterCatalog.adapter(for: $0, on: .ios) })
        let (plain, cacheOff, shared, sharedCacheOff) =
            (verdicts[kinds[0].name] ?? [:], verdicts[kinds[1].name] ?? [:], verdicts[kinds[2].name] ?? [:], verdicts[kinds[3].name] ?? [:])
        #expect(!plain.isEmpty && plain == cacheOff, "cacheEnabled=false alone changed a verdict")
        #expect(shared.keys.contains { shared[$0] != sharedCacheOff[$0] }, "cacheEnabled=false changed nothing with sharedCookiesEnabled")
    }

    /// With `sharedCookiesEnabled` off every release skips the same branches, so one adapter stands for all: the
    /// releases must agree on every scenario (a port that still copied in one release would differ here).
    @Test("sharedCookiesEnabled off behaves the same in every react-native-webview release")
    func sharedCookiesOffIsOneBehaviour() throws {
        let kinds = try SyncStrategyKind.versions(of: ReactNativeWebViewSharedCookies.library)
            .map { try $0.setting([("sharedCookiesEnabled", "false")]) }
        let verdicts = try Self.verdicts(kinds.map { StrategyAdapterCatalog.adapter(for: $0, on: .ios) })
        let latest = try #require(verdicts[kinds.last!.name])
        for kind in kinds.dropLast() {
            let differing = latest.keys.filter { verdicts[kind.name]?[$0] != latest[$0] }.sorted()
            #expect(differing.isEmpty, "\(kind.name) differs from the latest on \(differing.prefix(5))")
        }
    }

    @Test("the settings apps ship are built in on every library profile and the real engine")
    func shippedBuiltIn() {
        let names = Set((StrategyAdapterCatalog.simulated + StrategyAdapterCatalog.live).map(\.name))
        #expect(SyncStrategyKind.shippedOptionSettings.count == 4)
        for kind in SyncStrategyKind.shippedOptionSettings {
            for profile in StrategyAdapterCatalog.libraryProfiles {
                let name = profile == StrategyAdapterCatalog.profiles[0] ? kind.name : "\(kind.name)@\(profile.name)"
                #expect(names.contains(name), "\(name) is not built in")
            }
            #expect(names.contains(kind.name + StrategyAdapterCatalog.liveSuffix))
        }
    }
}
