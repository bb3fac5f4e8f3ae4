extension CapacitorCookies {
    /// The page side: `native-bridge.ts`'s platform check and `document.cookie` patch for `version`, re-expressed
    /// (the Android branches and the rest of the bridge left out), run at document start in the main frame.
    ///
    /// As in the original, the accessor is defined on `document` itself, over `Document.prototype`'s, only when the
    /// app answers the `CapacitorCookies.isEnabled` prompt with `'true'`; the getter returns the prompt's answer as
    /// is (`null` when nobody answers).
    public static func pageScript(_ version: Version) -> String {
        """
        (function () {
            'use strict';
            var win = window;
            var platform = win.webkit && win.webkit.messageHandlers && win.webkit.messageHandlers.bridge ? 'ios' : 'web';
            if (platform !== 'ios') return;
            win.CapacitorCookiesDescriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
            if (prompt(JSON.stringify({ type: 'CapacitorCookies.isEnabled' })) !== 'true') return;
            \(helpers(version))
            Object.defineProperty(document, 'cookie', {
                get: function () {
                    return prompt(JSON.stringify({ type: '\(version == .v4_3_0 ? "CapacitorCookies" : "CapacitorCookies.get")' }));
                },
                set: function (val) {
        \(setter(version))
                },
            });
        })();
        """
    }

    /// 4.3.0's `decode` and `cap.toNative` (a `type: 'message'` post to the `bridge` handler); nothing later.
    private static func helpers(_ version: Version) -> String {
        guard version == .v4_3_0 else { return "" }
        return """
            var decode = function (str) { return str.replace(/(%[\\dA-F]{2})+/gi, decodeURIComponent); };
                var callbackId = 0;
                var toNative = function (pluginId, methodName, options) {
                    win.webkit.messageHandlers.bridge.postMessage({
                        callbackId: String(++callbackId), pluginId: pluginId, methodName: methodName, options: options, type: 'message',
                    });
                };
            """
    }

    private static func setter(_ version: Version) -> String {
        switch version {
        case .v4_3_0:
            """
                        var cookiePairs = val.split(';');
                        for (var i = 0; i < cookiePairs.length; i++) {
                            var cookieKey = cookiePairs[i].split('=')[0];
                            var cookieValue = cookiePairs[i].split('=')[1];
                            if (null == cookieValue) continue;
                            toNative('CapacitorCookies', 'setCookie', { key: cookieKey, value: decode(cookieValue) });
                        }
            """
        case .v4_4_0:
            """
                        var cookiePairs = val.split(';');
                        for (var i = 0; i < cookiePairs.length; i++) {
                            var cookieKey = cookiePairs[i].split('=')[0];
                            var cookieValue = cookiePairs[i].split('=')[1];
                            if (null == cookieValue) continue;
                            prompt(JSON.stringify({ type: 'CapacitorCookies.set', key: cookieKey, value: cookieValue }));
                        }
            """
        case .v4_6_0, .v5_0_0, .v5_2_3:
            """
                        var cookiePairs = val.split(';');
                        var domainSection = val.toLowerCase().split('domain=')[1];
                        var domain = cookiePairs.length > 1 && domainSection != null && domainSection.length > 0
                            ? domainSection.split(';')[0].trim() : '';
                        prompt(JSON.stringify({ type: 'CapacitorCookies.set', action: val, domain: domain }));
            """
        }
    }
}
