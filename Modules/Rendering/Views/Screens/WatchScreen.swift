/// What `moments watch` draws: the chosen Live Activity presentations, each at its
/// platform size under its title (the same ``ActivitySurface`` views the showcase shows),
/// then the keys, and a plain line while the server cannot be reached.
public struct WatchScreen: CompositeView {
    /// The session shown.
    public let session: SessionDisplay
    /// The presentations, in order.
    public let surfaces: [ActivitySurface]
    /// The Live Activity's interactive buttons, on the presentations that have them.
    public let buttons: [KeyHint]
    /// The keys.
    public let hints: [KeyHint]
    /// Why the server cannot be reached, while it cannot.
    public let problem: String?

    /// The watch screen of `session` in `surfaces` with `buttons`, the keys `hints`, and
    /// `problem` while the server cannot be reached.
    public init(session: SessionDisplay, surfaces: [ActivitySurface], buttons: [KeyHint], hints: [KeyHint], problem: String?) {
        self.session = session
        self.surfaces = surfaces
        self.buttons = buttons
        self.hints = hints
        self.problem = problem
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        var rows: [any View] = []
        for surface in surfaces {
            rows.append(Text(surface.title).foreground(.secondary))
            rows.append(surface.view(session, buttons: buttons).frame(width: surface.size.width, height: surface.size.height, alignment: .topLeading))
            rows.append(Spacer(minLength: 1).frame(height: 1))
        }
        if let problem {
            rows.append(Text(ConnectingScreen.reconnecting(because: problem)).foreground(.warning))
        }
        rows.append(KeyHintBar(hints))
        return VStack(rows).padding(horizontal: 1).erased
    }
}
