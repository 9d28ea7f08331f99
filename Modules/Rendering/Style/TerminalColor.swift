/// A concrete colour as every output can draw it: 24-bit RGB for true-colour terminals and
/// HTML, with its nearest xterm 256-colour index and a hand-picked 16-colour index.
///
/// The 16-colour index is chosen by the palette's author rather than computed, because
/// the nearest of the sixteen is often unreadable (a soft accent would become black on a
/// dark terminal); the 256-colour index is computed, since that cube is dense enough.
public struct TerminalColor: Hashable, Sendable {
    /// `0xRRGGBB`.
    public let rgb: UInt32
    /// The nearest colour of the xterm 256-colour cube or grey ramp (16...255).
    public let index256: UInt8
    /// One of the 16 ANSI colours: 0...7 normal, 8...15 bright.
    public let index16: UInt8

    /// A colour from `0xRRGGBB` and the ANSI colour to use when only sixteen exist.
    public init(_ rgb: UInt32, ansi16: UInt8) {
        self.rgb = rgb & 0xFF_FFFF
        self.index16 = ansi16 & 0x0F
        self.index256 = Self.nearest256(self.rgb)
    }

    /// The red component.
    public var red: UInt8 { UInt8(rgb >> 16 & 0xFF) }
    /// The green component.
    public var green: UInt8 { UInt8(rgb >> 8 & 0xFF) }
    /// The blue component.
    public var blue: UInt8 { UInt8(rgb & 0xFF) }

    /// `#rrggbb`, for HTML.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for shift in stride(from: 20, through: 0, by: -4) {
            bytes.append(digits[Int(rgb >> UInt32(shift) & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// xterm's 6×6×6 cube (levels 0, 95, 135, 175, 215, 255) or its 24-step grey ramp,
    /// whichever is closer.
    static func nearest256(_ rgb: UInt32) -> UInt8 {
        let levels = [0, 95, 135, 175, 215, 255]
        let components = [Int(rgb >> 16 & 0xFF), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF)]
        func cubeIndex(_ value: Int) -> Int {
            value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
        }
        let cube = components.map(cubeIndex)
        let cubeColor = cube.map { levels[$0] }
        let average = components.reduce(0, +) / 3
        let greyStep = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grey = 8 + 10 * greyStep
        func distance(_ other: [Int]) -> Int {
            zip(components, other).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        }
        let cubeDistance = distance(cubeColor)
        let greyDistance = distance([grey, grey, grey])
        if greyDistance < cubeDistance { return UInt8(232 + greyStep) }
        return UInt8(16 + 36 * cube[0] + 6 * cube[1] + cube[2])
    }
}
