import SyncProtocol

/// Where `moments bar` finds the sessions to follow: a server given with `--server`, or
/// whichever process hosts the embedded server of the person's state now (found as
/// `moments watch` finds it, through the runtime folder).
struct BarSource: Sendable {
    /// A connection to whoever serves the sessions now; `nil` when nobody does.
    let connect: @Sendable () async -> (any SyncConnection)?
    /// Wakes when a server may have come or gone (a runtime file written or removed, a
    /// host's lock let go); a server at a URL never wakes it.
    let wakes: AsyncStream<Void>

    /// The first pause before a lost stream is opened again; it doubles each time.
    static let firstDelay = Duration.milliseconds(250)
    /// The longest pause between tries.
    static let maximumDelay = Duration.seconds(10)

    /// The server at `url`, with the person's access key when it asks for one.
    static func server(_ url: String, accessKey: String?, dependencies: LiveDependencies) -> BarSource {
        BarSource(connect: { dependencies.connect(url, accessKey) }, wakes: AsyncStream { $0.finish() })
    }

    /// The embedded server of the state in `stateFolder`, reached at the loopback address of
    /// the process that hosts it; the bar never hosts it itself.
    static func embedded(stateFolder: String, runtime: any RuntimeFolder, dependencies: LiveDependencies) -> BarSource {
        BarSource(
            connect: {
                runtime.entries().first { $0.hostsStateDirectory == stateFolder }.map { dependencies.connect($0.server, nil) }
            },
            wakes: runtime.hostChanges(of: stateFolder))
    }
}
