#if canImport(Glibc)
    import Glibc
#endif
import Sound

/// What the tests hear in a recording: a sample's time, the power at a frequency over a
/// window (Goertzel's recurrence, one bin of a DFT), the loudness of a window, and the
/// instants where the loudness jumps.
struct SignalAnalysis {
    let samples: [Double]
    let rate: Double

    init(_ file: WAVFile) {
        samples = file.samples.map { Double($0) / Double(Int16.max) }
        rate = Double(file.sampleRate)
    }

    /// The samples from `start` seconds, `length` seconds long.
    func window(from start: Double, length: Double) -> ArraySlice<Double> {
        let first = Int(start * rate)
        return samples[first..<min(first + Int(length * rate), samples.count)]
    }

    /// The power of `frequency` in `window`, by Goertzel's recurrence, normalised by the
    /// window's length.
    func power(at frequency: Double, in window: ArraySlice<Double>) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / rate)
        var (previous, beforePrevious) = (0.0, 0.0)
        for sample in window {
            (previous, beforePrevious) = (sample + coefficient * previous - beforePrevious, previous)
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        return power / Double(window.count * window.count)
    }

    /// The frequency of `range` with the most power in `window`, searched in `step` Hz.
    func peak(in range: ClosedRange<Double>, step: Double = 0.25, window: ArraySlice<Double>) -> Double {
        stride(from: range.lowerBound, through: range.upperBound, by: step)
            .max { power(at: $0, in: window) < power(at: $1, in: window) } ?? .nan
    }

    /// The root-mean-square loudness of `window`.
    func loudness(_ window: ArraySlice<Double>) -> Double {
        (window.reduce(0) { $0 + $1 * $1 } / Double(max(window.count, 1))).squareRoot()
    }

    /// The instants, in seconds, where the loudness of 10 ms frames rises to more than
    /// twice the loudest of the 200 ms before: a strike, not a beat's swell.
    func onsets() -> [Double] {
        let frame = Int(rate / 100)
        let levels = stride(from: 0, to: samples.count - frame, by: frame).map {
            loudness(samples[$0..<$0 + frame])
        }
        var found: [Double] = []
        for index in levels.indices where levels[index] > 1e-3 {
            let before = levels[max(0, index - 20)..<index].max() ?? 0
            let last = found.last ?? -.infinity
            if levels[index] > 2 * before, Double(index) / 100 - last > 0.5 {
                found.append(Double(index) / 100)
            }
        }
        return found
    }
}
