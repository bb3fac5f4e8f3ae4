/// The web views an app has open, by name (``WebViewOptions/mainName`` for the one opened without a name), and the
/// one the scenario's steps act on. Every kind of app keeps its views here, so `open-web-view name=` and
/// `switch-web-view` mean the same on each.
public struct OpenWebViews<View> {
    /// The open views, in the order they were opened.
    public private(set) var all: [(name: String, view: View)] = []
    /// The name of the view steps act on; nil before the first is opened.
    public private(set) var currentName: String?

    public init() {}

    /// The view steps act on.
    public var current: View? {
        get { all.first { $0.name == currentName }?.view }
        set {
            guard let newValue, let index = all.firstIndex(where: { $0.name == currentName }) else { return }
            all[index].view = newValue
        }
    }

    /// `view` opens as `options` say and becomes current: without a name it replaces every open view (those are
    /// returned, for the app to let go of), with a name it joins them.
    @discardableResult
    public mutating func open(_ view: View, options: WebViewOptions) -> [View] {
        let name = options.name ?? WebViewOptions.mainName
        var replaced: [View] = []
        if options.name == nil {
            replaced = all.map(\.view)
            all = []
        }
        all.removeAll { $0.name == name }
        all.append((name, view))
        currentName = name
        return replaced
    }

    /// Steps act on the view called `name` from now on.
    public mutating func switchTo(_ name: String) throws {
        guard all.contains(where: { $0.name == name }) else {
            throw StepFailure(.failed, "switch-web-view: no web view called '\(name)' is open")
        }
        currentName = name
    }

    /// Every view closes (the app is killed); what is returned lets the app open them again as they were, each with
    /// the options `options` reads from it.
    public mutating func closeAll(_ options: (View) -> WebViewOptions) -> ClosedWebViews {
        defer {
            all = []
            currentName = nil
        }
        return ClosedWebViews(
            options: all.map { Self.reopening(options($0.view), named: $0.name) }, current: currentName)
    }

    /// After the views of `closed` were opened again, steps act on the one they acted on before.
    public mutating func switchBack(to closed: ClosedWebViews) throws {
        if let current = closed.current { try switchTo(current) }
    }

    /// The options that open the view called `name` again: the unnamed one's without a name.
    static func reopening(_ options: WebViewOptions, named name: String) -> WebViewOptions {
        var options = options
        options.name = name == WebViewOptions.mainName ? nil : name
        return options
    }
}

/// The web views open when the app was killed: what opens them again after its relaunch, in the order they were
/// opened, and the one the steps acted on.
public struct ClosedWebViews: Sendable, Equatable {
    public let options: [WebViewOptions]
    public let current: String?
}
