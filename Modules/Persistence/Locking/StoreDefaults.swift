/// Defaults every store shares.
public enum StoreDefaults {
    /// How long opening a store waits for another holder of its lock before it reports
    /// ``PersistenceError/inUse(path:processID:)``: long enough for another command to
    /// finish a save, short enough that a person is not left wondering.
    public static let lockWait: Duration = .seconds(2)
}
