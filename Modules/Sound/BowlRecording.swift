/// A bell as a player plays it: one to three strikes of the bowl ``BowlStrike`` designs,
/// ``BowlStrike/strikeSpacing`` apart, each landing on the previous one's tail, at a
/// volume, as mono 16-bit samples at ``BowlStrike/sampleRate``.
///
/// Every recording is scaled by the same gain, the one that brings the loudest mix of any
/// number of strikes to ``headroom`` at full volume, so one strike sounds the same whether
/// it rings alone or first of three, and no mix reaches full scale.
public struct BowlRecording: Equatable, Sendable {
    /// How many strikes ring.
    public let strikes: Int
    /// The volume, 0 to 100 % of the loudest the recording can be; the samples are scaled
    /// by it linearly.
    public let volume: Int
    /// The samples, ``sampleCount(strikes:)`` of them.
    public let samples: [Int16]

    /// The volumes a recording takes, in percent.
    public static let volumeRange: ClosedRange<Int> = 0...100

    /// The loudest peak of any recording at full volume, as a share of full scale.
    public static let headroom: Double = 0.9

    /// Synthesises `strikes` strikes (1 to 3) at `volume` (0 to 100 %).
    public init(strikes: Int, volume: Int) throws(BowlRecordingError) {
        guard BowlStrike.strikeRange.contains(strikes) else { throw .strikes(strikes) }
        guard Self.volumeRange.contains(volume) else { throw .volume(volume) }
        self.strikes = strikes
        self.volume = volume
        let gain = Self.headroom / Self.loudestPeak() * Double(volume) / 100 * Double(Int16.max)
        self.samples = Self.samples(strikes: strikes, gain: gain)
    }

    /// `strikes` strikes, ``spacingSamples`` apart, added up (each strike lands on the tail
    /// of the ones before), faded out over ``BowlStrike/fadeOut``, scaled by `gain` and
    /// rounded to 16 bits. Each sample is mixed where it is written, from a generator per
    /// strike: only the 16-bit samples are held (issue 22: peak memory).
    private static func samples(strikes: Int, gain: Double) -> [Int16] {
        let length = sampleCount(strikes: strikes)
        let fade = Int(BowlStrike.fadeOut * Double(BowlStrike.sampleRate))
        let limit = Double(Int16.max)
        var generators = [BowlStrike.Generator](repeating: BowlStrike.Generator(), count: strikes)
        return [Int16](unsafeUninitializedCapacity: length) { buffer, initialized in
            for index in 0..<length {
                // The strikes in the order they land, as a running mix adds them.
                var sum = 0.0
                for number in 0..<strikes {
                    let at = index - number * spacingSamples
                    if at >= 0, at < BowlStrike.length { sum += generators[number].next() }
                }
                let back = length - 1 - index
                if back < fade { sum *= Double(back) / Double(fade) }
                buffer[index] = Int16(max(-limit, min(limit, (sum * gain).rounded())))
            }
            initialized = length
        }
    }

    /// The loudest sample of every mix, one strike to the most, not only of the one asked
    /// for: later strikes land on a tail and may add up, and all recordings take one gain.
    /// One pass, no mix made: at each instant, adding the strikes from the latest back
    /// gives the mix of one strike, then of two, then of three (a generator per strike).
    private static func loudestPeak() -> Double {
        let most = BowlStrike.strikeRange.upperBound
        let lengths = (1...most).map { sampleCount(strikes: $0) }
        var generators = [BowlStrike.Generator](repeating: BowlStrike.Generator(), count: most)
        var loudest = 0.0
        for instant in 0..<lengths[most - 1] {
            var sum = 0.0
            for back in 0..<most {
                let index = instant - back * spacingSamples
                guard index >= 0 else { break }
                if index < BowlStrike.length { sum += generators[back].next() }
                if instant < lengths[back], sum.magnitude > loudest { loudest = sum.magnitude }
            }
        }
        return loudest
    }

    /// The number of samples in a recording of `strikes` strikes: the spacing before each
    /// strike after the first, then ``BowlStrike/ringTime`` for the last.
    public static func sampleCount(strikes: Int) -> Int {
        max(strikes - 1, 0) * spacingSamples + BowlStrike.length
    }

    /// The recording as a WAV file.
    public var wav: WAVFile { WAVFile(sampleRate: BowlStrike.sampleRate, samples: samples) }

    /// The samples between two strikes.
    static let spacingSamples = Int(BowlStrike.strikeSpacing * Double(BowlStrike.sampleRate))
}

/// A recording asked for with a number of strikes or a volume out of range.
public enum BowlRecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A number of strikes outside ``BowlStrike/strikeRange``.
    case strikes(Int)
    /// A volume outside ``BowlRecording/volumeRange``.
    case volume(Int)

    public var description: String {
        switch self {
        case .strikes(let count):
            return "a bell of \(count) strikes cannot ring: a bowl rings "
                + "\(BowlStrike.strikeRange.lowerBound) to \(BowlStrike.strikeRange.upperBound) strikes"
        case .volume(let volume):
            return "a volume of \(volume) % is out of range: use 0 to 100"
        }
    }
}
