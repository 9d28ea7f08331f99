import SyncProtocol

/// The group sits a person follows on this machine now, for their bar (ADR 0072): each
/// `moments join CODE` (or `watch`, `notify` of a code) of theirs says so in its runtime
/// file, and the bar follows the same sits through their channels, as one more surface of
/// the same person, until that process ends.
///
/// It is the runtime folder and not the server's sessions stream that brings a joined sit
/// to the bar: a server cannot know of a join made through another server sharing its
/// storage, a sit followed through a code is nobody's session on that server, and a person
/// who leaves must see the sit leave their bar.
struct FollowedSits: Sendable {
    /// A sit followed: its code and the server it is followed on.
    struct Sit: Hashable, Sendable {
        /// The sit's join code.
        let code: JoinCode
        /// The server its follower follows it on.
        let server: String
    }

    /// The sits followed now, by the sit's id.
    let current: @Sendable () -> [String: Sit]
    /// Wakes when that may have changed (a runtime file written or removed).
    let changes: AsyncStream<Void>
    /// Opens a sit's channel as the person, from its newest state.
    let open: @Sendable (Sit) async throws -> AsyncThrowingStream<ActivitySnapshot, any Error>

    /// The sits the runtime files of the data folder whose state folder is `stateFolder`
    /// follow, opened with the person's `accessKey` (a server without keys ignores it) as
    /// the `sitter` the join sends, so that the bar and the join count as one person
    /// sitting. The sitter is read when a channel opens, not before: a bar that follows
    /// nothing never touches the file.
    static func announced(
        in runtime: any RuntimeFolder, stateFolder: String, accessKey: String?, sitter: @escaping @Sendable () -> Sitter?,
        dependencies: LiveDependencies
    ) -> FollowedSits {
        FollowedSits(
            current: {
                var sits: [String: Sit] = [:]
                for entry in runtime.entries() where entry.belongs(to: stateFolder) {
                    guard let text = entry.joinCode, let code = JoinCode(text), sits[code.id] == nil else { continue }
                    sits[code.id] = Sit(code: code, server: entry.server)
                }
                return sits
            },
            changes: runtime.hostChanges(of: stateFolder),
            open: { sit in try await dependencies.connect(sit.server, accessKey).follow(sit.code, as: sitter(), after: nil) })
    }
}
