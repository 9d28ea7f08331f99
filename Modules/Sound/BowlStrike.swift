#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The design of one strike of a singing bowl, synthesised here rather than taken from a
/// recording (ADR 0033): a few inharmonic partials, each ringing down at its own rate,
/// started by a short soft attack, as a padded mallet starts a bowl.
///
/// Everything a listener hears is a constant of this type, so a test can check the
/// signal against the design and a change of the design changes ``synthesisVersion``.
public enum BowlStrike {
    /// One mode of the bowl's vibration.
    public struct Partial: Hashable, Sendable {
        /// Its frequency as a multiple of ``BowlStrike/fundamental``.
        public let ratio: Double
        /// Its peak amplitude, relative to the fundamental's (1).
        public let amplitude: Double
        /// How long its amplitude takes to fall to 1/e (about 37 %), in seconds.
        public let decay: Double
        /// How far above this partial's frequency, in hertz, lies the second, weaker mode
        /// a real bowl splits it into (a bowl is never perfectly round): their beating is a
        /// bowl's slow "wah"; 0 for a single mode.
        public let beat: Double
    }

    /// The lowest partial, in hertz: 220 Hz (A3), the pitch of a hand-sized bowl of
    /// about 15 cm, low enough to be calm and high enough for a laptop's speakers.
    public static let fundamental: Double = 220

    /// The partials, lowest first. Their ratios, 1 : 2.71 : 5.2 : 8.5, are close to those
    /// measured on Himalayan bowls (roughly 1 : 2.7 : 5.2 : 8.5, never whole numbers,
    /// which is what makes a bowl sound like a bowl and not like a string); the higher a
    /// partial, the quieter it starts and the sooner it dies, so the strike is bright for
    /// a moment and then hums.
    public static let partials: [Partial] = [
        Partial(ratio: 1, amplitude: 1, decay: 3.6, beat: 0.9),
        Partial(ratio: 2.71, amplitude: 0.5, decay: 2.0, beat: 1.7),
        Partial(ratio: 5.2, amplitude: 0.25, decay: 0.9, beat: 0),
        Partial(ratio: 8.5, amplitude: 0.12, decay: 0.45, beat: 0),
    ]

    /// The share of a split partial's amplitude in its main mode, at the partial's
    /// frequency; the mode ``Partial/beat`` above it has the rest. Unequal, so the beat
    /// swells and ebbs (about ±20 %) and never falls silent.
    public static let mainModeShare: Double = 0.6

    /// How long a strike takes to reach its full amplitude, in seconds: a raised-cosine
    /// rise, soft enough to make no click and short enough to sound struck.
    public static let attack: Double = 0.008

    /// Samples per second: 22,050 Hz, more than twice the highest partial (8.5 × 220 =
    /// 1,870 Hz), for files half the size of CD rate.
    public static let sampleRate = 22_050

    /// Seconds from one strike to the next: each strike lands while the one before still
    /// hums, as a person striking a bowl two or three times does.
    public static let strikeSpacing: Double = 3

    /// Seconds the last strike rings for before the recording ends: by then the
    /// fundamental has fallen to about 6 % (−24 dB), and the last ``fadeOut`` takes it to
    /// silence without a click.
    public static let ringTime: Double = 10

    /// The closing fade of a recording, in seconds.
    public static let fadeOut: Double = 0.3

    /// How many strikes a bell may ring.
    public static let strikeRange: ClosedRange<Int> = 1...3

    /// The version of this design. Anything that changes the samples changes it, so a
    /// file written by an earlier version (a cache) is known to be stale by its name.
    public static let synthesisVersion = 1

    /// The samples of one strike, unscaled.
    static let length = Int(ringTime * Double(sampleRate))

    /// One strike, unscaled, ``length`` samples at ``sampleRate``, one sample at a time:
    /// the sum of the partials' modes, each a sine starting at zero and decaying
    /// exponentially, under the attack. A mix of several strikes runs one generator per
    /// strike, so no strike's seconds of samples are ever held (the first ring of a bell,
    /// which synthesises it, is part of a session's peak memory: issue 22).
    ///
    /// Each mode is a phasor turned and shrunk by one complex multiplication per sample,
    /// so a sample costs a few multiplications, not a sine and an exponential.
    struct Generator {
        /// One mode's phasor and the step that turns and shrinks it.
        private struct Mode {
            var real: Double
            var imaginary = 0.0
            let stepReal: Double
            let stepImaginary: Double
        }

        private var modes: [Mode] = []
        private var index = 0
        private let rise = Int(attack * Double(sampleRate))

        init() {
            let rate = Double(sampleRate)
            for partial in partials {
                let frequency = fundamental * partial.ratio
                let split: [(frequency: Double, amplitude: Double)] =
                    partial.beat == 0
                    ? [(frequency, partial.amplitude)]
                    : [
                        (frequency, partial.amplitude * mainModeShare),
                        (frequency + partial.beat, partial.amplitude * (1 - mainModeShare)),
                    ]
                let shrink = exp(-1 / (partial.decay * rate))
                for mode in split {
                    let angle = 2 * Double.pi * mode.frequency / rate
                    modes.append(Mode(real: mode.amplitude, stepReal: shrink * cos(angle), stepImaginary: shrink * sin(angle)))
                }
            }
        }

        /// The next sample of the strike (past ``BowlStrike/length``, the tail goes on
        /// decaying; a mix stops asking there).
        mutating func next() -> Double {
            var sample = 0.0
            for number in modes.indices {
                let mode = modes[number]
                sample += mode.imaginary
                modes[number].real = mode.real * mode.stepReal - mode.imaginary * mode.stepImaginary
                modes[number].imaginary = mode.real * mode.stepImaginary + mode.imaginary * mode.stepReal
            }
            if index < rise {
                sample *= (1 - cos(Double.pi * Double(index) / Double(rise))) / 2
            }
            index += 1
            return sample
        }
    }
}
