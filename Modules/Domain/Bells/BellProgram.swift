/// A session's bells, as data, fixed when it starts (part of its ``SessionAttributes``): a
/// warm-up before the sit that is not counted, a start bell when the sit begins, interval
/// bells at instants of time sat, and an end bell when the session ends, each rung as 1 to
/// 3 strikes.
///
/// Bells are timed changes the server makes, like the completion: the sync server rings
/// each at its instant of time sat (a pause moves it) by pushing an update that carries a
/// ``BellAlert``. ``ContentState/bellsRung`` counts the bells before the end already rung,
/// so each is rung once, whichever server makes the change.
public struct BellProgram: Hashable, Sendable {
    /// Seconds of warm-up before the sit, counted down and not counted as time sat; 0 for none.
    public let warmUpSeconds: Double
    /// Strikes of the bell that begins the sit; 0 for none.
    public let startStrikes: Int
    /// When the interval bells ring, or `nil` for none.
    public let interval: BellInterval?
    /// Strikes of each interval bell.
    public let intervalStrikes: Int
    /// Strikes of the bell that ends the session (completed or finished early; never
    /// cancelled); 0 for none.
    public let endStrikes: Int

    /// The most strikes a bell rings.
    public static let maximumStrikes = 3
    /// The longest warm-up: 10 minutes.
    public static let maximumWarmUp: Double = 600
    /// The shortest interval between interval bells: 10 seconds.
    public static let shortestInterval: Double = 10
    /// The most instants a list of interval bells may name.
    public static let maximumInstants = 60

    /// No warm-up and no bell.
    public static let silent = BellProgram(checked: 0, start: 0, interval: nil, intervalStrikes: 1, end: 0)

    /// A program, checked: a warm-up from 0 to ``maximumWarmUp``, strikes from 0 (none) to
    /// ``maximumStrikes`` (interval bells 1 or more), an interval of at least
    /// ``shortestInterval``, instants after the start, in increasing order, at most
    /// ``maximumInstants`` of them. Durations are kept to the millisecond.
    public init(
        warmUpSeconds: Double = 0, startStrikes: Int = 0, interval: BellInterval? = nil, intervalStrikes: Int = 1,
        endStrikes: Int = 0
    ) throws(ValidationError) {
        guard warmUpSeconds.isFinite, (0...Self.maximumWarmUp).contains(warmUpSeconds) else {
            throw .bellProgram(
                "A warm-up of \(DurationText.written(warmUpSeconds)) is out of range; choose from 0 to 10 minutes.")
        }
        for (name, strikes, least) in [("start", startStrikes, 0), ("interval", intervalStrikes, 1), ("end", endStrikes, 0)] {
            guard (least...Self.maximumStrikes).contains(strikes) else {
                throw .bellProgram("\(strikes) strikes for the \(name) bell is out of range; choose from \(least) to \(Self.maximumStrikes).")
            }
        }
        switch interval {
        case .every(let seconds)?:
            guard seconds.isFinite, seconds >= Self.shortestInterval else {
                throw .bellProgram(
                    "Interval bells every \(DurationText.written(seconds)) are too close; ring them every 10 seconds or more.")
            }
            guard seconds <= SessionLimits.maximumActivityDuration else {
                throw .bellProgram(
                    "Interval bells every \(DurationText.written(seconds)) would never ring: a session lasts 8 hours at most; "
                        + "ring them every 8 hours or less.")
            }
        case .at(let instants)?:
            guard !instants.isEmpty, instants.count <= Self.maximumInstants else {
                throw .bellProgram("Name 1 to \(Self.maximumInstants) instants for the interval bells (got \(instants.count)).")
            }
            guard instants.allSatisfy({ $0.isFinite && $0 > 0 }) else {
                throw .bellProgram("An interval bell must ring after the start; give instants such as 25m,30m.")
            }
            if let late = instants.first(where: { $0 > SessionLimits.maximumActivityDuration }) {
                throw .bellProgram(
                    "A bell at \(DurationText.written(late)) would never ring: a session lasts 8 hours at most; "
                        + "give instants up to 8h.")
            }
            guard zip(instants, instants.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw .bellProgram("Give the interval bells' instants in increasing order, each once, such as 25m,30m,55m.")
            }
        case nil:
            break
        }
        self.init(checked: warmUpSeconds, start: startStrikes, interval: interval, intervalStrikes: intervalStrikes, end: endStrikes)
    }

    private init(checked warmUp: Double, start: Int, interval: BellInterval?, intervalStrikes: Int, end: Int) {
        warmUpSeconds = Seconds.canonical(warmUp)
        startStrikes = start
        self.interval = interval.map {
            switch $0 {
            case .every(let seconds): return .every(Seconds.canonical(seconds))
            case .at(let instants): return .at(instants.map(Seconds.canonical))
            }
        }
        // Without interval bells their strikes mean nothing: kept as 1, so equal programs are equal.
        self.intervalStrikes = interval == nil ? 1 : intervalStrikes
        endStrikes = end
    }

    /// Checks the program against a session's target: no bell at or past it (an
    /// open-ended session may have interval bells up to its automatic end).
    public func checked(forTarget target: Double?) throws(ValidationError) -> BellProgram {
        let limit = target ?? SessionLimits.maximumActivityDuration
        switch interval {
        case .every(let seconds)? where seconds >= limit:
            throw .bellProgram("Interval bells every \(DurationText.written(seconds)) never ring before the end at \(DurationText.written(limit)); choose a shorter interval.")
        case .at(let instants)?:
            if let late = instants.first(where: { $0 >= limit }) {
                throw .bellProgram("A bell at \(DurationText.written(late)) is at or past the end at \(DurationText.written(limit)); choose instants before it.")
            }
        default:
            break
        }
        return self
    }

    /// Whether the program rings nothing and has no warm-up.
    public var isSilent: Bool {
        warmUpSeconds == 0 && startStrikes == 0 && interval == nil && endStrikes == 0
    }

    /// The `index`-th bell before the end (0 is the start bell when there is one, then
    /// the interval bells in order) for a session whose target is `target`, or `nil` when
    /// the program has no more bells before it (an open-ended session's end is its
    /// automatic end).
    public func bell(_ index: Int, target: Double?) -> Bell? {
        guard index >= 0 else { return nil }
        if startStrikes > 0 {
            if index == 0 { return Bell(kind: .start, satSeconds: 0, strikes: startStrikes, number: 1, of: 1) }
        }
        let number = index + (startStrikes > 0 ? 0 : 1)
        let limit = target ?? SessionLimits.maximumActivityDuration
        let count = intervalBells(before: limit)
        guard number <= count else { return nil }
        let of = target == nil && isEndless ? nil : count
        switch interval {
        case .every(let seconds)?:
            return Bell(kind: .interval, satSeconds: Seconds.canonical(Double(number) * seconds), strikes: intervalStrikes, number: number, of: of)
        case .at(let instants)?:
            return Bell(kind: .interval, satSeconds: instants[number - 1], strikes: intervalStrikes, number: number, of: of)
        case nil:
            return nil
        }
    }

    /// How many of the bells before the end (``bell(_:target:)``) have rung once
    /// `satSeconds` have been sat, the warm-up over (`warmedUp`) or not.
    public func bellsDue(satSeconds: Double, warmedUp: Bool, target: Double?) -> Int {
        guard warmedUp else { return 0 }
        let start = startStrikes > 0 ? 1 : 0
        // A bell counts from the millisecond of its instant, as the server wakes for it.
        let sat = satSeconds + 0.0005
        let limit = target ?? SessionLimits.maximumActivityDuration
        switch interval {
        case .every(let seconds)?:
            return start + min(intervalBells(before: limit), Int((sat / seconds).rounded(.down)))
        case .at(let instants)?:
            return start + instants.prefix { $0 < limit && $0 <= sat }.count
        case nil:
            return start
        }
    }

    /// Interval bells every N with no target ring until the automatic end: how many is not
    /// told as "of N", since a person does not plan on the automatic end.
    private var isEndless: Bool {
        if case .every = interval { return true }
        return false
    }

    /// How many interval bells ring strictly before `limit` seconds sat.
    private func intervalBells(before limit: Double) -> Int {
        switch interval {
        case .every(let seconds)?:
            let count = Int((limit / seconds).rounded(.down))
            // One at the limit itself is the end's, not an interval bell.
            return Seconds.canonical(Double(count) * seconds) >= limit ? count - 1 : count
        case .at(let instants)?:
            return instants.prefix { $0 < limit }.count
        case nil:
            return 0
        }
    }
}

/// When a session's interval bells ring, in seconds of time sat.
public enum BellInterval: Hashable, Sendable {
    /// Every so many seconds: `--bells 5m`.
    case every(Double)
    /// At these instants, in increasing order: `--bells 25m,30m,55m`.
    case at([Double])
}

/// Which bell of a session rang.
public enum BellKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// The bell that begins the sit (after the warm-up).
    case start
    /// One of the interval bells.
    case interval
    /// The bell that ends the session.
    case end
}

/// One bell of a program: its kind, its instant of time sat, its strikes, and which of its
/// kind it is.
public struct Bell: Hashable, Sendable {
    /// Which bell it is.
    public let kind: BellKind
    /// The instant of time sat it rings at.
    public let satSeconds: Double
    /// How many strikes it rings.
    public let strikes: Int
    /// Which of its kind it is, from 1.
    public let number: Int
    /// How many of its kind the session has, or `nil` when they ring until the session ends.
    public let of: Int?

    /// A bell of `kind` at `satSeconds`, the `number`-th of `of`, ringing `strikes` times.
    public init(kind: BellKind, satSeconds: Double, strikes: Int, number: Int, of: Int?) {
        self.kind = kind
        self.satSeconds = satSeconds
        self.strikes = strikes
        self.number = number
        self.of = of
    }
}
