/// What a session screen shows before the first state has arrived: that it is
/// connecting, or why the server cannot be reached while it retries, and the keys that
/// work meanwhile.
public struct ConnectingScreen: CompositeView {
    /// Why the server cannot be reached, while it cannot; `nil` while simply connecting.
    public let problem: String?
    /// The keys.
    public let hints: [KeyHint]

    /// The screen for a connection that is being made (`problem` nil) or retried.
    public init(problem: String?, hints: [KeyHint]) {
        self.problem = problem
        self.hints = hints
    }

    /// The sentence shown.
    public var message: String {
        problem.map(Self.reconnecting(because:)) ?? "Connecting…"
    }

    /// What every session screen and the line output say while the server cannot be
    /// reached: one sentence, so a person reads the same words everywhere.
    public static func reconnecting(because problem: String) -> String {
        "Cannot reach the server (\(problem)); reconnecting…"
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        VStack([
            Text(message).foreground(.secondary).frame(maxWidth: .max, maxHeight: .max),
            KeyHintBar(hints).padding(horizontal: 1),
        ]).erased
    }
}
