import Domain

/// How the commands use the person's files: a command that answers once ends with the
/// reason and status 1 when a store cannot be opened; a session goes on without it, with a
/// warning.
extension PersonalFiles {
    /// Reads the history, or ends the command with the reason it could not.
    func readHistoryOrFail<Result>(_ read: (any SessionHistory) -> Result) throws -> Result {
        do {
            return try readHistory(read)
        } catch {
            throw Console.failure(error.description)
        }
    }

    /// Reads the history, or answers `nil` after warning that `unavailable` (the history
    /// is not needed to go on).
    func readHistoryIfPossible<Result>(unavailable: String, _ read: (any SessionHistory) -> Result) -> Result? {
        do {
            return try readHistory(read)
        } catch {
            Console.warn("\(unavailable): \(error.description)")
            return nil
        }
    }

    /// The saved settings, or the command's end with the reason they could not be read.
    func settingsOrFail() throws -> Settings {
        do {
            return try readSettings()
        } catch {
            throw Console.failure(error.description)
        }
    }

    /// The person's settings, or the standard ones (with a warning) when they cannot be
    /// read: a session starts either way.
    func settingsOrStandard() -> Settings {
        do {
            return try readSettings()
        } catch {
            Console.warn("using the standard settings: \(error.description)")
            return .standard
        }
    }
}
