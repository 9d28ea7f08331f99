import Sound
import TestSupport
import Testing

/// The bowl, listened to as a signal: it rings at its designed pitch with inharmonic
/// partials, dies away, never clips, follows the volume, and strikes as often as asked,
/// each strike heard as a strike.
@Suite("Sound: the bowl as a signal", .blocking)
struct BowlSignalTests {
    static let one = try! BowlRecording(strikes: 1, volume: 100)
    static let three = try! BowlRecording(strikes: 3, volume: 100)

    @Test("a recording lasts the ring time after its last strike, each strike after the first one spacing longer")
    func duration() throws {
        for strikes in BowlStrike.strikeRange {
            let recording = try BowlRecording(strikes: strikes, volume: 80)
            let expected = Double(strikes - 1) * BowlStrike.strikeSpacing + BowlStrike.ringTime
            #expect(recording.samples.count == BowlRecording.sampleCount(strikes: strikes))
            #expect(abs(recording.wav.duration - expected) < 1e-9, "\(strikes) strikes last \(recording.wav.duration) s")
            #expect(recording.wav.sampleRate == 22_050)
        }
        #expect(BowlStrike.strikeSpacing >= 2.5 && BowlStrike.strikeSpacing <= 4)
    }

    @Test("the loudest partial is the fundamental, within a few hertz of its design")
    func fundamental() {
        let signal = SignalAnalysis(Self.one.wav)
        // Half a second: bins of 2 Hz, searched by the hertz; then a second, by the tenth.
        let found = signal.peak(in: 100...1_000, step: 1, window: signal.window(from: 0.25, length: 0.5))
        #expect(abs(found - BowlStrike.fundamental) <= 2, "the strongest frequency is \(found) Hz")
        let fine = signal.peak(in: 210...230, step: 0.1, window: signal.window(from: 0.25, length: 1))
        #expect(abs(fine - BowlStrike.fundamental) <= 0.5, "the fundamental is at \(fine) Hz")
        #expect((200...300).contains(BowlStrike.fundamental))
    }

    @Test("the partials are inharmonic: the second rings near 2.71 × the fundamental, not at the octave or the fifth above it")
    func inharmonicPartials() {
        let signal = SignalAnalysis(Self.one.wav)
        let window = signal.window(from: 0.25, length: 0.5)
        let second = signal.peak(in: 400...800, step: 1, window: window)
        #expect(abs(second - 2.71 * BowlStrike.fundamental) <= 3, "the second partial is at \(second) Hz")
        let partial = signal.power(at: second, in: window)
        for harmonic in [2.0, 3.0] {
            let power = signal.power(at: harmonic * BowlStrike.fundamental, in: window)
            #expect(power < partial / 100, "harmonic \(harmonic) has \(power), the partial \(partial)")
        }
    }

    @Test("the strike dies away: each later second is quieter, and the last is nearly silent")
    func decay() {
        let signal = SignalAnalysis(Self.one.wav)
        let levels = stride(from: 0.5, to: BowlStrike.ringTime - 1, by: 1).map {
            signal.loudness(signal.window(from: $0, length: 1))
        }
        for (earlier, later) in zip(levels, levels.dropFirst()) {
            #expect(later < earlier, "loudness \(levels)")
        }
        let end = signal.loudness(signal.window(from: BowlStrike.ringTime - 0.1, length: 0.1))
        #expect(end < levels[0] / 20)
        #expect(signal.samples.last.map { abs($0) < 1e-3 } == true, "the recording ends in silence, with no click")
    }

    @Test("the attack is soft: the first sample is silence and the strike rises over milliseconds, not at once")
    func attack() {
        let samples = Self.one.samples
        #expect(samples[0] == 0)
        let rise = Int(BowlStrike.attack * Double(BowlStrike.sampleRate))
        let early = samples[0..<rise / 4].map { abs(Int($0)) }.max() ?? 0
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        #expect(early < peak / 4, "the first quarter of the attack reaches \(early) of \(peak)")
    }

    @Test("no mix reaches full scale: the loudest sample of any strikes at full volume stays under 90 %")
    func noClipping() throws {
        for strikes in BowlStrike.strikeRange {
            let peak = try BowlRecording(strikes: strikes, volume: 100).samples.map { abs(Int($0)) }.max() ?? 0
            #expect(peak < Int(Double(Int16.max) * BowlRecording.headroom) + 1, "\(strikes) strikes peak at \(peak)")
            #expect(peak > Int(Int16.max) / 4, "\(strikes) strikes are loud enough at full volume: \(peak)")
        }
    }

    @Test("the volume scales every sample: half the volume, half the peak; none, silence")
    func volume() throws {
        let full = try BowlRecording(strikes: 2, volume: 100).samples
        let half = try BowlRecording(strikes: 2, volume: 50).samples
        let peakFull = Double(full.map { abs(Int($0)) }.max() ?? 0)
        let peakHalf = Double(half.map { abs(Int($0)) }.max() ?? 0)
        #expect(abs(peakHalf / peakFull - 0.5) < 0.001, "\(peakHalf) against \(peakFull)")
        #expect(zip(full, half).allSatisfy { abs(Double($0) / 2 - Double($1)) <= 1 })
        #expect(try BowlRecording(strikes: 1, volume: 0).samples.allSatisfy { $0 == 0 })
    }

    @Test("three strikes are heard as three strikes, one spacing apart, each landing on the last one's tail")
    func strikes() throws {
        for strikes in BowlStrike.strikeRange {
            let onsets = SignalAnalysis(try BowlRecording(strikes: strikes, volume: 80).wav).onsets()
            #expect(onsets.count == strikes, "onsets at \(onsets) s")
            for (number, onset) in onsets.enumerated() {
                #expect(abs(onset - Double(number) * BowlStrike.strikeSpacing) < 0.03, "strike \(number + 1) at \(onset) s")
            }
        }
        let signal = SignalAnalysis(Self.three.wav)
        let tail = signal.loudness(signal.window(from: BowlStrike.strikeSpacing - 0.1, length: 0.1))
        #expect(tail > 0.01, "the first strike still rings when the second lands")
    }

    @Test("one strike sounds the same alone and first of three")
    func sameStrike() {
        let spacing = Int(BowlStrike.strikeSpacing * Double(BowlStrike.sampleRate))
        #expect(Self.one.samples[0..<spacing] == Self.three.samples[0..<spacing])
    }

    @Test("strikes and volumes out of range are refused, saying what is accepted")
    func refusals() {
        for strikes in [0, 4, -1] {
            #expect(throws: BowlRecordingError.strikes(strikes)) { try BowlRecording(strikes: strikes, volume: 50) }
        }
        for volume in [-1, 101] {
            #expect(throws: BowlRecordingError.volume(volume)) { try BowlRecording(strikes: 1, volume: volume) }
        }
        #expect(BowlRecordingError.strikes(4).description.contains("1 to 3 strikes"))
        #expect(BowlRecordingError.volume(101).description.contains("0 to 100"))
    }

    /// FNV-1a over the samples' bit patterns.
    static func fingerprint(_ samples: [Int16]) -> UInt64 {
        samples.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64(UInt16(bitPattern: $1))) &* 1_099_511_628_211 }
    }

    @Test(
        "a design version's samples never change: the cache's file names carry the version, so a change must raise it",
        arguments: [(1, 80, UInt64(12_897_911_753_512_648_812)), (2, 35, 6_120_493_540_356_066_241), (3, 100, 17_749_268_533_174_891_264)])
    func samplesOfVersionOne(strikes: Int, volume: Int, fingerprint: UInt64) throws {
        // Taken from the first version's synthesis; a change of the samples must come with
        // a new synthesisVersion and new fingerprints here, or every cached bowl is stale.
        try #require(BowlStrike.synthesisVersion == 1)
        #expect(Self.fingerprint(try BowlRecording(strikes: strikes, volume: volume).samples) == fingerprint)
    }
}
