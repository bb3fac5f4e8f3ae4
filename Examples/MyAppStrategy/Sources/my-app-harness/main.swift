import CookieHarness

// The whole cookie-harness command line, with one more adapter: `my-app` (and my-app@ios-11, my-app@webkitgtk,
// my-app@webkitgtk-live), e.g. `swift run my-app-harness run --adapter my-app`.
CookieHarness.main(adding: [.strategy("my-app", MyAppStrategy.init, summary: "awaited copies both ways")])
