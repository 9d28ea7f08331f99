import Fixtures
import Foundation
import Rendering
import Testing

/// The toolkit's promise, checked over the whole range of sizes the app meets: every view,
/// at widths 1 to 200 and heights 1 to 60, in both schemes and every text size, draws
/// exactly the rows and columns it was offered (never a line wider, never half a wide
/// character) and never an escape sequence in plain output. ANSI output, escapes
/// stripped, keeps the same widths and holds nothing but SGR sequences.
///
/// Coverage, kept to seconds in a debug build:
/// - for the first scenario of each view, in the default variant: every width at
///   heights 1, 5, 24 and 60, and every height at widths 1, 20, 80 and 200;
/// - for every scenario of the catalog, in each of the six text sizes (dark): the corners
///   1 × 1 and 200 × 60 and three sizes from a seeded generator;
/// - for every scenario in the light scheme: the corners and two seeded sizes, each also
///   encoded as ANSI at one of the four colour depths in turn.
/// The colour scheme changes colours, never layout, so it needs fewer sizes.
struct NeverOverflowsTests {
    static let sweep: [Size] =
        [1, 5, 24, 60].flatMap { height in (1...200).map { Size(width: $0, height: height) } }
        + [1, 20, 80, 200].flatMap { width in (1...60).map { Size(width: width, height: $0) } }

    static let corners = [Size(width: 1, height: 1), Size(width: 200, height: 60)]

    static func random(_ count: Int, _ generator: inout SeededGenerator) -> [Size] {
        (0..<count).map { _ in Size(width: Int(generator.next() % 200) + 1, height: Int(generator.next() % 60) + 1) }
    }

    @Test("every width and height of the first scenario of each view", arguments: ViewKind.allCases)
    func sweep(kind: ViewKind) throws {
        let scenario = try #require(Catalog.scenarios(for: kind).first)
        let view = scenario.view()
        var failures = 0
        for size in Self.sweep where failures < 5 {
            if let problem = Self.check(view, size, scenario.environment(Variant()), depth: nil) {
                failures += 1
                Issue.record("\(scenario.id) at \(size): \(problem)")
            }
        }
    }

    @Test("every scenario in every text size and scheme", arguments: Catalog.all)
    func environments(scenario: Scenario) {
        var generator = SeededGenerator(seed: scenario.id.utf8.reduce(UInt64(17)) { $0 &* 31 &+ UInt64($1) })
        var cases: [(Size, ViewEnvironment, ColorDepth?)] = []
        for textSize in TextSize.allCases {
            for size in Self.corners + Self.random(3, &generator) {
                cases.append((size, scenario.environment(Variant(textSize: textSize)), nil))
            }
        }
        for (turn, size) in (Self.corners + Self.random(2, &generator)).enumerated() {
            let depth = ColorDepth.allCases[turn % ColorDepth.allCases.count]
            cases.append((size, scenario.environment(Variant(scheme: .light, depth: depth)), depth))
        }
        let view = scenario.view()
        for (size, environment, depth) in cases {
            if let problem = Self.check(view, size, environment, depth: depth) {
                Issue.record("\(scenario.id) at \(size), \(environment.colorScheme) \(environment.textSize): \(problem)")
                return
            }
        }
    }

    /// What is wrong with the view at this size, or `nil`.
    static func check(_ view: AnyView, _ size: Size, _ environment: ViewEnvironment, depth: ColorDepth?) -> String? {
        let frame = Frame(rendering: view, width: size.width, height: size.height, environment: environment)
        let plain = PlainEncoder(trimsTrailingSpaces: false).encode(frame)
        if let problem = checkLines(plain, size) { return "plain: " + problem }
        guard let depth else { return nil }
        let ansi = ANSIEncoder(depth: depth).encode(frame)
        guard let stripped = strippingSGR(ansi) else { return "ANSI \(depth) holds an escape that is not SGR" }
        if let problem = checkLines(stripped, size) { return "ANSI \(depth): " + problem }
        return nil
    }

    static func checkLines(_ text: String, _ size: Size) -> String? {
        if let unsafe = text.rangeOfCharacter(from: unsafeScalars) {
            return "a control character at \(text.distance(from: text.startIndex, to: unsafe.lowerBound))"
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == size.height else { return "\(lines.count) rows" }
        for line in lines {
            let ascii = line.utf8.count == line.unicodeScalars.count
            let width = ascii ? line.utf8.count : GraphemeWidth.width(of: line)
            if width != size.width { return "a row \(width) wide: \(line.debugDescription)" }
        }
        return nil
    }

    /// Every scalar ``Sanitizer`` must keep off a terminal, except the line feed that
    /// separates rows. Searched with Foundation, which is optimised even in a debug build.
    static let unsafeScalars: CharacterSet = {
        var set = CharacterSet()
        for value: UInt32 in Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x2028, 0x2029] + Array(0x202A...0x202E)
            + Array(0x2066...0x2069) where value != 0x0A {
            set.insert(Unicode.Scalar(value)!)
        }
        return set
    }()

    /// The text without `ESC [ digits/semicolons m` sequences, or `nil` if another escape
    /// remains.
    static func strippingSGR(_ text: String) -> String? {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            guard scalars.next() == "[" else { return nil }
            while let next = scalars.next() {
                if next == "m" { break }
                guard next == ";" || ("0"..."9").contains(next) else { return nil }
            }
        }
        return String(result)
    }
}
