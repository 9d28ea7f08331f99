import SyncProtocol

/// Pushes as a server sends them: the last push of a scripted session, played through
/// Domain's rules by ``PreviewSyncConnection``, so a fixture push is one a server would
/// have sent.
public enum ActivitySnapshotMother {
    /// The newest push of `script`: running 125 s into 300 by default.
    public static func makeSnapshot(script: SessionScript = SessionScriptMother.makeScript()) -> ActivitySnapshot {
        let pushes = PreviewSyncConnection(script: script).pushes
        return pushes[pushes.count - 1]
    }
}
