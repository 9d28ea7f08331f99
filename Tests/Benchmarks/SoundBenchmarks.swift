import Sound

/// The cost of synthesising the bowl once, as the first ring of each strikes and volume
/// pays it before writing the file (every later ring plays the cached file): one strike
/// and three, each beside its floor, the same number of zero samples made into a WAV
/// file, which is what the synthesis adds its partials to.
enum SoundBenchmarks {
    static func run() {
        for strikes in [1, 3] {
            let count = BowlRecording.sampleCount(strikes: strikes)
            let synthesis = Bench.time("sound.synthesise the bowl, \(strikes) strike(s), WAV bytes", samples: 15) {
                Bench.blackHole(try! BowlRecording(strikes: strikes, volume: 80).wav.bytes)
            }
            let floor = Bench.time("sound.floor: \(count) zero samples, WAV bytes", samples: 15) {
                Bench.blackHole(WAVFile(sampleRate: BowlStrike.sampleRate, samples: [Int16](repeating: 0, count: count)).bytes)
            }
            Bench.report("sound.synthesise the bowl, \(strikes) strike(s), over the floor", seconds: synthesis - floor)
        }
    }
}
