/// What a person chooses once and keeps: how long a session is by default, how time is
/// shown, and which bells ring.
public struct Settings: Hashable, Sendable {
    /// Whether the big timer counts up or down.
    public enum TimeDisplay: String, Hashable, Sendable, Codable, CaseIterable {
        /// Time sat so far.
        case elapsed
        /// Time left to the target (open-ended sessions always show elapsed).
        case remaining
    }

    /// How a session is shown on a terminal for a person who cannot use a redrawn grid
    /// (a screen reader, a braille display): plain lines rather than the full screen.
    public enum AccessibleOutput: String, Hashable, Sendable, Codable, CaseIterable {
        /// The full screen, as usual.
        case off
        /// One plain line per change of state and per bell, keys still read.
        case on
        /// The same, and a line each minute sat.
        case minutes
    }

    /// How much a voice says of a session (`voice`, `--voice`): announcements spoken
    /// through the machine's speech engine, once per machine, never over a bell.
    public enum Voice: String, Hashable, Sendable, Codable, CaseIterable {
        /// Nothing.
        case off
        /// The beginning, each bell and the end.
        case bells
        /// Those, and the time left every five minutes (and at one minute left).
        case minutes
        /// Those, and every change: the warm-up, a pause, a resume.
        case all

        /// Whether a voice at this level says what is said from `level` up.
        public func says(_ level: Voice) -> Bool {
            let order = Self.allCases
            return self != .off && (order.firstIndex(of: self) ?? 0) >= (order.firstIndex(of: level) ?? 0)
        }
    }

    /// The length of `moments start` without a duration, in seconds (1 second to 8 hours).
    public private(set) var defaultDurationSeconds: Double
    /// Show seconds (`2:05`) or whole minutes (`2 min`).
    public var showSeconds: Bool
    /// Count up or down.
    public var timeDisplay: TimeDisplay
    /// Ring a bell every this many minutes of a session; `nil` for no interval bell.
    public private(set) var intervalBellMinutes: Int?
    /// Ring a bell at the end.
    public var endBell: Bool
    /// Keep the session's desktop notification during `moments start` (updated in place
    /// to the outcome), where the desktop has a notification server; off by default.
    public var desktopNotification: Bool
    /// How loud the bowl rings, in percent of its loudest (0 to 100; 0 leaves only the
    /// bell shown). Where no player is installed the terminal bell rings instead, at the
    /// terminal's own volume.
    public private(set) var bellVolume: Int
    /// The bell program of a session started without `--bells`, chosen with
    /// `moments settings set bells …` (a preset such as `zen`, or words); `nil` follows
    /// ``intervalBellMinutes`` and ``endBell`` (``bellProgram``).
    public var bells: BellProgram?
    /// Commands run when a session starts, rings a bell or ends, by the process hosting it.
    public var hooks: SessionHooks = .none
    /// Plain lines on a terminal instead of the full screen (`moments start`, `watch`,
    /// `join`), as `--accessible` and `ACCESSIBLE=1` ask for one session; off by default.
    public var accessible: AccessibleOutput = .off
    /// What a voice says of a session shown by this person's processes, as `--voice` asks
    /// for one; off by default.
    public var voice: Voice = .off
    /// The settings a new installation starts with: ten minutes, seconds shown, counting
    /// up, a bell at the end at 80 % and nothing else.
    public static let standard = Settings(
        uncheckedDefaultDuration: 600, showSeconds: true, timeDisplay: .elapsed,
        intervalBellMinutes: nil, endBell: true, desktopNotification: false, bellVolume: standardBellVolume)

    /// The bell volume of a new installation, in percent: loud enough to hear across a
    /// room, with room left to turn it up.
    public static let standardBellVolume = 80

    /// The bell volumes the settings take, in percent.
    public static let bellVolumeRange: ClosedRange<Int> = 0...100

    /// Settings, checked: a default duration within ``SessionLimits/targetRange``, an
    /// interval bell, when set, of 1 to 480 minutes, and a bell volume of 0 to 100 %.
    public init(
        defaultDurationSeconds: Double,
        showSeconds: Bool,
        timeDisplay: TimeDisplay,
        intervalBellMinutes: Int?,
        endBell: Bool,
        desktopNotification: Bool,
        bellVolume: Int = Settings.standardBellVolume,
        bells: BellProgram? = nil,
        hooks: SessionHooks = .none
    ) throws(ValidationError) {
        self.init(
            uncheckedDefaultDuration: try SessionLimits.validatedTarget(defaultDurationSeconds),
            showSeconds: showSeconds, timeDisplay: timeDisplay,
            intervalBellMinutes: try Self.validatedInterval(intervalBellMinutes),
            endBell: endBell, desktopNotification: desktopNotification,
            bellVolume: try Self.validatedVolume(bellVolume))
        self.bells = bells
        self.hooks = hooks
    }

    private init(
        uncheckedDefaultDuration: Double, showSeconds: Bool, timeDisplay: TimeDisplay,
        intervalBellMinutes: Int?, endBell: Bool, desktopNotification: Bool, bellVolume: Int
    ) {
        defaultDurationSeconds = uncheckedDefaultDuration
        self.showSeconds = showSeconds
        self.timeDisplay = timeDisplay
        self.intervalBellMinutes = intervalBellMinutes
        self.endBell = endBell
        self.desktopNotification = desktopNotification
        self.bellVolume = bellVolume
    }

    /// Sets the default duration, refusing one outside 1 second to 8 hours.
    public mutating func setDefaultDuration(seconds: Double) throws(ValidationError) {
        defaultDurationSeconds = try SessionLimits.validatedTarget(seconds)
    }

    /// Sets the interval bell, refusing anything but `nil` or 1 to 480 minutes.
    public mutating func setIntervalBell(minutes: Int?) throws(ValidationError) {
        intervalBellMinutes = try Self.validatedInterval(minutes)
    }

    /// Sets the bell volume, refusing anything but 0 to 100 %.
    public mutating func setBellVolume(_ percent: Int) throws(ValidationError) {
        bellVolume = try Self.validatedVolume(percent)
    }

    private static func validatedVolume(_ percent: Int) throws(ValidationError) -> Int {
        guard bellVolumeRange.contains(percent) else {
            throw .invalidSettingValue(key: Key.bellVolume.rawValue, value: String(percent), expected: "0 to 100 (percent)")
        }
        return percent
    }

    private static func validatedInterval(_ minutes: Int?) throws(ValidationError) -> Int? {
        guard let minutes else { return nil }
        guard (1...480).contains(minutes) else {
            throw .invalidSettingValue(
                key: Key.intervalBell.rawValue, value: String(minutes), expected: "off or 1 to 480 minutes")
        }
        return minutes
    }
}

extension Settings {
    /// The names by which `moments settings set KEY VALUE` reaches each setting.
    public enum Key: String, Hashable, Sendable, CaseIterable {
        /// ``Settings/defaultDurationSeconds``, written as a duration (`10m`, `10:00`).
        case defaultDuration = "default-duration"
        /// ``Settings/showSeconds``.
        case showSeconds = "show-seconds"
        /// ``Settings/timeDisplay``.
        case timeDisplay = "time-display"
        /// ``Settings/intervalBellMinutes``, a number of minutes or `off`.
        case intervalBell = "interval-bell"
        /// ``Settings/endBell``.
        case endBell = "end-bell"
        /// ``Settings/desktopNotification``.
        case desktopNotification = "desktop-notification"
        /// ``Settings/bellVolume``, a number of percent (`80` or `80%`).
        case bellVolume = "bell-volume"
        /// ``Settings/bells``: a preset (`none`, `simple`, `zen`), words such as
        /// `warm-up=30s every=5m end=3`, or `default` to follow the interval and end bells.
        case bells
        /// ``Settings/hooks``' command on a session's start: a command for `/bin/sh`, or `off`.
        case hookStart = "hook-start"
        /// ``Settings/hooks``' command on each bell.
        case hookBell = "hook-bell"
        /// ``Settings/hooks``' command on a session's end.
        case hookEnd = "hook-end"
        /// ``Settings/accessible``: `off`, `on` or `minutes`.
        case accessible
        /// ``Settings/voice``: `off`, `bells`, `minutes` or `all`.
        case voice

        /// The hook event of a hook's key.
        public var hookEvent: SessionHooks.Event? {
            switch self {
            case .hookStart: return .start
            case .hookBell: return .bell
            case .hookEnd: return .end
            default: return nil
            }
        }
    }

    /// The current value of a setting, written as `set` reads it.
    public func value(of key: Key) -> String {
        switch key {
        case .defaultDuration: return timerDisplayFromSeconds(seconds: defaultDurationSeconds, showSeconds: true)
        case .showSeconds: return String(showSeconds)
        case .timeDisplay: return timeDisplay.rawValue
        case .intervalBell: return intervalBellMinutes.map(String.init) ?? "off"
        case .endBell: return String(endBell)
        case .desktopNotification: return String(desktopNotification)
        case .bellVolume: return String(bellVolume)
        case .bells: return bells?.text ?? Self.followingBells
        case .hookStart, .hookBell, .hookEnd: return key.hookEvent.flatMap { hooks[$0] } ?? "off"
        case .accessible: return accessible.rawValue
        case .voice: return voice.rawValue
        }
    }

    /// Sets the setting named `key` from text, answering an error that names the key and
    /// the values it takes. On error nothing changes.
    public mutating func set(_ key: String, to text: String) throws(ValidationError) {
        guard let known = Key(rawValue: key) else { throw .unknownSetting(key: key) }
        let value = text.trimmingWhitespace.lowercased()
        func flag() throws(ValidationError) -> Bool {
            switch value {
            case "true", "on", "yes", "1": return true
            case "false", "off", "no", "0": return false
            default: throw .invalidSettingValue(key: key, value: text, expected: "on or off")
            }
        }
        switch known {
        case .defaultDuration:
            do throws(ValidationError) {
                try setDefaultDuration(seconds: DurationText.parse(text))
            } catch .targetOutOfRange {
                throw .invalidSettingValue(key: key, value: text, expected: "a duration from 1 second to 8 hours, such as 20m")
            }
        case .showSeconds:
            showSeconds = try flag()
        case .timeDisplay:
            guard let display = TimeDisplay(rawValue: value) else {
                throw .invalidSettingValue(key: key, value: text, expected: "elapsed or remaining")
            }
            timeDisplay = display
        case .intervalBell:
            if value == "off" || value == "0" {
                intervalBellMinutes = nil
            } else if let minutes = Int(value) {
                try setIntervalBell(minutes: minutes)
            } else {
                throw .invalidSettingValue(key: key, value: text, expected: "off or 1 to 480 minutes")
            }
        case .endBell:
            endBell = try flag()
        case .desktopNotification:
            desktopNotification = try flag()
        case .bellVolume:
            let digits = value.hasSuffix("%") ? String(value.dropLast()).trimmingWhitespace : value
            guard let percent = Int(digits) else {
                throw .invalidSettingValue(key: key, value: text, expected: "0 to 100 (percent)")
            }
            try setBellVolume(percent)
        case .bells:
            // Words are read over the program in use, so `every=5m` changes only the interval.
            bells = value == Self.followingBells ? nil : try BellProgram.parse(text, over: bellProgram)
        case .hookStart, .hookBell, .hookEnd:
            guard let event = known.hookEvent else { return }
            // The command is kept as typed: only `off` (in any case) is a word of its own.
            try hooks.set(value == "off" ? nil : text, for: event)
        case .accessible:
            switch value {
            case "true", "yes", "1": accessible = .on
            case "false", "no", "0": accessible = .off
            default:
                guard let output = AccessibleOutput(rawValue: value) else {
                    throw .invalidSettingValue(key: key, value: text, expected: "off, on or minutes")
                }
                accessible = output
            }
        case .voice:
            guard let level = Voice(rawValue: value) else {
                throw .invalidSettingValue(key: key, value: text, expected: "off, bells, minutes or all")
            }
            voice = level
        }
    }
}

extension Settings: Codable {
    enum CodingKeys: String, CodingKey {
        case defaultDurationSeconds = "default_duration_seconds"
        case showSeconds = "show_seconds"
        case timeDisplay = "time_display"
        case intervalBellMinutes = "interval_bell_minutes"
        case endBell = "end_bell"
        case desktopNotification = "desktop_notification"
        case bellVolume = "bell_volume"
        case bells
        case hooks
        case accessible
        case voice
    }

    /// Reads settings; a missing field takes its ``standard`` value, so a file written by
    /// an older version still opens.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let standard = Settings.standard
        do {
            try self.init(
                defaultDurationSeconds: container.decodeIfPresent(Double.self, forKey: .defaultDurationSeconds)
                    ?? standard.defaultDurationSeconds,
                showSeconds: container.decodeIfPresent(Bool.self, forKey: .showSeconds) ?? standard.showSeconds,
                timeDisplay: container.decodeIfPresent(TimeDisplay.self, forKey: .timeDisplay)
                    ?? standard.timeDisplay,
                intervalBellMinutes: container.decodeIfPresent(Int.self, forKey: .intervalBellMinutes),
                endBell: container.decodeIfPresent(Bool.self, forKey: .endBell) ?? standard.endBell,
                desktopNotification: container.decodeIfPresent(Bool.self, forKey: .desktopNotification)
                    ?? standard.desktopNotification,
                bellVolume: container.decodeIfPresent(Int.self, forKey: .bellVolume) ?? standard.bellVolume,
                bells: container.decodeIfPresent(BellProgram.self, forKey: .bells),
                hooks: container.decodeIfPresent(SessionHooks.self, forKey: .hooks) ?? .none)
            accessible = try container.decodeIfPresent(AccessibleOutput.self, forKey: .accessible) ?? .off
            voice = try container.decodeIfPresent(Voice.self, forKey: .voice) ?? .off
        } catch let error as ValidationError {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(defaultDurationSeconds, forKey: .defaultDurationSeconds)
        try container.encode(showSeconds, forKey: .showSeconds)
        try container.encode(timeDisplay, forKey: .timeDisplay)
        try container.encode(intervalBellMinutes, forKey: .intervalBellMinutes)
        try container.encode(endBell, forKey: .endBell)
        try container.encode(desktopNotification, forKey: .desktopNotification)
        try container.encode(bellVolume, forKey: .bellVolume)
        try container.encodeIfPresent(bells, forKey: .bells)
        if hooks != .none { try container.encode(hooks, forKey: .hooks) }
        if accessible != .off { try container.encode(accessible, forKey: .accessible) }
        if voice != .off { try container.encode(voice, forKey: .voice) }
    }
}
