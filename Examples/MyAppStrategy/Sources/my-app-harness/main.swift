import CookieHarness
import MyAppStrategy

// The whole cookie-harness command line (the CookieHarness product), with one more adapter: `my-app` (and
// my-app@ios-18, my-app@ios-12, my-app@ios-11, my-app@webkitgtk, and my-app@webkitgtk-live on the real engine),
// e.g. `swift run my-app-harness run --adapter my-app`.
CookieHarness.main(adding: [.strategy("my-app", MyAppStrategy.init, summary: "awaited copies both ways")])
