import Domain

/// Settings as people leave them.
public enum SettingsMother {
    /// Settings, by default those of a new installation with a few choices made.
    public static func makeSettings(
        defaultDurationSeconds: Double = 600,
        showSeconds: Bool = true,
        timeDisplay: Settings.TimeDisplay = .elapsed,
        intervalBellMinutes: Int? = nil,
        endBell: Bool = true,
        desktopNotification: Bool = false,
        bellVolume: Int = Settings.standardBellVolume,
        bells: BellProgram? = nil,
        hooks: [SessionHooks.Event: String] = [:]
    ) -> Settings {
        do {
            return try Settings(
                defaultDurationSeconds: defaultDurationSeconds, showSeconds: showSeconds,
                timeDisplay: timeDisplay, intervalBellMinutes: intervalBellMinutes,
                endBell: endBell, desktopNotification: desktopNotification, bellVolume: bellVolume,
                bells: bells, hooks: SessionHooks(hooks))
        } catch {
            preconditionFailure("fixture settings are invalid: \(error)")
        }
    }

    /// Someone who chose bells of their own (`moments settings set bells 'warm-up=30s start=3
    /// every=5m end=3'`): a warm-up, three strikes to begin and end, a bell every five minutes;
    /// and a notification of their own at the end (`hook-end`).
    public static func makeZenSitter() -> Settings {
        makeSettings(
            defaultDurationSeconds: 1_500,
            bells: BellProgramMother.makeProgram(warmUpSeconds: 30, startStrikes: 3, interval: .every(300)),
            hooks: [.end: #"notify-send "Sat $MOMENTS_SAT_SECONDS s" "$MOMENTS_NAME""#])
    }

    /// Someone who counts down in minutes, with a bell every five.
    public static func makeMinimalist() -> Settings {
        makeSettings(defaultDurationSeconds: 1_200, showSeconds: false, timeDisplay: .remaining, intervalBellMinutes: 5)
    }
}
