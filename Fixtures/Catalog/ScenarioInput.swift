
/// One input of a scenario, as a control a person can edit: the showcase's `browse`
/// control panel, like the control panel of a SwiftUI preview (seeds/004).
public struct ScenarioInput: Hashable, Sendable {
    /// The kind of control and its current value.
    public enum Value: Hashable, Sendable {
        /// A number within `range`, moved by `step`.
        case number(Double, range: ClosedRange<Double>, step: Double)
        /// On or off.
        case toggle(Bool)
        /// Free text.
        case text(String)
        /// One of `options`.
        case choice(String, options: [String])
    }

    /// The name a recipe reads the value by.
    public let key: String
    /// A person's name for it.
    public let label: String
    /// The control and its value.
    public var value: Value

    /// An input.
    public init(_ key: String, _ label: String, _ value: Value) {
        self.key = key
        self.label = label
        self.value = value
    }

    /// The value as a person reads it: `125`, `on`, `paused`, and text as a Swift literal
    /// (`"Morning sit"`), so a control character in it is shown escaped, never sent to a
    /// terminal or a page.
    public var displayValue: String {
        switch value {
        case .number(let number, _, _): return SwiftLiteral.number(number)
        case .toggle(let isOn): return isOn ? "on" : "off"
        case .text(let text): return SwiftLiteral.string(text)
        case .choice(let option, _): return option
        }
    }

    /// The value moved `steps` steps: a number by its step (kept in range), a toggle
    /// flipped on any odd count, a choice to a neighbouring option (wrapping round). Text
    /// does not move.
    public func moved(by steps: Int) -> ScenarioInput {
        var copy = self
        switch value {
        case .number(let number, let range, let step):
            let next = min(range.upperBound, max(range.lowerBound, number + Double(steps) * step))
            copy.value = .number(next, range: range, step: step)
        case .toggle(let isOn):
            copy.value = .toggle(steps % 2 == 0 ? isOn : !isOn)
        case .choice(let option, let options):
            guard !options.isEmpty else { return self }
            let index = options.firstIndex(of: option) ?? 0
            let next = ((index + steps) % options.count + options.count) % options.count
            copy.value = .choice(options[next], options: options)
        case .text:
            break
        }
        return copy
    }

    /// The value replaced by `text`, read the way the control reads it (`on`/`off` for a
    /// toggle, one of the options for a choice), or why the text is not a value of it.
    public func setting(_ text: String) -> Result<ScenarioInput, ScenarioInputError> {
        var copy = self
        switch value {
        case .number(_, let range, let step):
            guard let number = Double(text.replacing("_", with: "")), number.isFinite else {
                return .failure(ScenarioInputError(key: key, problem: "'\(text)' is not a number"))
            }
            guard range.contains(number) else {
                return .failure(ScenarioInputError(
                    key: key,
                    problem: "\(SwiftLiteral.number(number)) is outside \(SwiftLiteral.number(range.lowerBound))…\(SwiftLiteral.number(range.upperBound))"))
            }
            copy.value = .number(number, range: range, step: step)
        case .toggle:
            switch text.lowercased() {
            case "on", "true", "yes", "1": copy.value = .toggle(true)
            case "off", "false", "no", "0": copy.value = .toggle(false)
            default: return .failure(ScenarioInputError(key: key, problem: "'\(text)' is not on or off"))
            }
        case .text:
            copy.value = .text(text)
        case .choice(_, let options):
            guard options.contains(text) else {
                return .failure(ScenarioInputError(
                    key: key, problem: "'\(text)' is not one of \(options.joined(separator: ", "))"))
            }
            copy.value = .choice(text, options: options)
        }
        return .success(copy)
    }
}

/// Why a value cannot be given to an input: what a person typed, and what would do.
public struct ScenarioInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input's key.
    public let key: String
    /// What is wrong, in words.
    public let problem: String

    public var description: String { "\(key): \(problem)" }
}

/// The inputs of a scenario, in the order the control panel shows them, read by key.
public struct ScenarioInputs: Hashable, Sendable {
    /// Every input, in order.
    public private(set) var all: [ScenarioInput]

    /// Inputs in this order.
    public init(_ all: [ScenarioInput]) {
        self.all = all
    }

    /// The input called `key`, or `nil`.
    public subscript(key: String) -> ScenarioInput? {
        all.first { $0.key == key }
    }

    /// Replaces the input with the same key (or adds it).
    public mutating func update(_ input: ScenarioInput) {
        if let index = all.firstIndex(where: { $0.key == input.key }) {
            all[index] = input
        } else {
            all.append(input)
        }
    }
}

