import CookieHarnessCore
import MyAppStrategy

// The same strategy on the core product (CookieHarnessCore): the simulated profiles only (`my-app`, my-app@ios-18,
// my-app@ios-12, my-app@ios-11, my-app@webkitgtk), every command but `bench`, and a build that needs libxml2, libpsl
// and JavaScriptCore only (docs/library.md).
CookieHarnessCore.main(adding: [.strategy("my-app", MyAppStrategy.init, summary: "awaited copies both ways")])
