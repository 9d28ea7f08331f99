extension Settings {
    /// What `moments settings set bells default` writes: the bells follow `interval-bell`
    /// and `end-bell`.
    public static let followingBells = "default"

    /// The bells of a session started without `--bells`: the ``bells`` chosen, or else,
    /// with `end-bell` on, one strike to begin and three to end, and with `interval-bell`
    /// set, a bell every so many minutes; no warm-up.
    public var bellProgram: BellProgram {
        if let bells { return bells }
        let strikes = endBell ? (start: 1, end: 3) : (start: 0, end: 0)
        do {
            return try BellProgram(
                startStrikes: strikes.start, interval: intervalBellMinutes.map { .every(Double($0) * 60) },
                endStrikes: strikes.end)
        } catch {
            // The settings checked the interval already (at least a minute).
            preconditionFailure("settings make a valid bell program: \(error)")
        }
    }
}

extension BellProgram {
    /// The program with what cannot ring before `target` left out (interval bells at or
    /// past it): the person's default fitted to a short session, where an explicit
    /// `--bells` is checked instead (``checked(forTarget:)``).
    public func fitted(toTarget target: Double?) -> BellProgram {
        let limit = target ?? SessionLimits.maximumActivityDuration
        let kept: BellInterval?
        switch interval {
        case .every(let seconds)?: kept = seconds < limit ? interval : nil
        case .at(let instants)?:
            let before = instants.filter { $0 < limit }
            kept = before.isEmpty ? nil : .at(before)
        case nil: kept = nil
        }
        return (try? replacing(interval: kept)) ?? self
    }
}
