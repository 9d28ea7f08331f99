import Rendering

/// What `moments watch` draws: the chosen Live Activity presentations, each at its
/// platform size under its title (the same ``ActivitySurface`` views the showcase shows),
/// then the keys, and a plain line while the server cannot be reached.
struct WatchScreen: CompositeView {
    /// The session shown.
    let session: SessionDisplay
    /// The presentations, in order.
    let surfaces: [ActivitySurface]
    /// The keys.
    let hints: [KeyHint]
    /// Why the server cannot be reached, while it cannot.
    let problem: String?

    func body(in environment: ViewEnvironment) -> AnyView {
        var rows: [any View] = []
        for surface in surfaces {
            rows.append(Text(surface.title).foreground(.secondary))
            rows.append(surface.view(session).frame(width: surface.size.width, height: surface.size.height, alignment: .topLeading))
            rows.append(Spacer(minLength: 1).frame(height: 1))
        }
        if let problem {
            rows.append(Text("Cannot reach the server (\(problem)); reconnecting…").foreground(.warning))
        }
        rows.append(KeyHintBar(hints))
        return VStack(rows).padding(horizontal: 1).erased
    }
}
