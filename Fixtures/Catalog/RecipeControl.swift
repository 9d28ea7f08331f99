/// One input of a recipe, declared once: its key, its label, its control, and the
/// property it reads and writes. A recipe lists its controls (``ControlledRecipe``) and
/// gets both its ``ScenarioRecipe/inputs`` and ``ScenarioRecipe/editing(_:)`` from that
/// list, so a key can never be spelled one way for showing and another for editing.
public struct RecipeControl<Recipe>: Sendable {
    /// The key the input is read by.
    public let key: String
    /// A person's name for it.
    public let label: String
    private let read: @Sendable (Recipe) -> ScenarioInput.Value
    private let write: @Sendable (inout Recipe, ScenarioInput.Value) -> Void

    private init(
        _ key: String, _ label: String, read: @escaping @Sendable (Recipe) -> ScenarioInput.Value,
        write: @escaping @Sendable (inout Recipe, ScenarioInput.Value) -> Void
    ) {
        self.key = key
        self.label = label
        self.read = read
        self.write = write
    }

    /// The input holding `recipe`'s value.
    func input(of recipe: Recipe) -> ScenarioInput {
        ScenarioInput(key, label, read(recipe))
    }

    /// Stores `value` in `recipe` when it is a value of this control.
    func store(_ value: ScenarioInput.Value, in recipe: inout Recipe) {
        write(&recipe, value)
    }

    /// A number in `range`, moved by `step`.
    public static func number(
        _ key: String, _ label: String, _ property: any WritableKeyPath<Recipe, Double> & Sendable,
        range: ClosedRange<Double>, step: Double
    ) -> RecipeControl {
        RecipeControl(key, label, read: { .number($0[keyPath: property], range: range, step: step) }) { recipe, value in
            if case .number(let number, _, _) = value { recipe[keyPath: property] = min(max(number, range.lowerBound), range.upperBound) }
        }
    }

    /// On or off.
    public static func toggle(_ key: String, _ label: String, _ property: any WritableKeyPath<Recipe, Bool> & Sendable) -> RecipeControl {
        RecipeControl(key, label, read: { .toggle($0[keyPath: property]) }) { recipe, value in
            if case .toggle(let isOn) = value { recipe[keyPath: property] = isOn }
        }
    }

    /// Free text.
    public static func text(_ key: String, _ label: String, _ property: any WritableKeyPath<Recipe, String> & Sendable) -> RecipeControl {
        RecipeControl(key, label, read: { .text($0[keyPath: property]) }) { recipe, value in
            if case .text(let text) = value { recipe[keyPath: property] = text }
        }
    }

    /// One of `options`, held as text.
    public static func choice(
        _ key: String, _ label: String, _ property: any WritableKeyPath<Recipe, String> & Sendable, options: [String]
    ) -> RecipeControl {
        RecipeControl(key, label, read: { .choice($0[keyPath: property], options: options) }) { recipe, value in
            if case .choice(let option, _) = value, options.contains(option) { recipe[keyPath: property] = option }
        }
    }

    /// One case of an enumeration, by its raw value.
    public static func choice<Option: RawRepresentable & CaseIterable & SendableMetatype>(
        _ key: String, _ label: String, _ property: any WritableKeyPath<Recipe, Option> & Sendable
    ) -> RecipeControl where Option.RawValue == String {
        let options = Option.allCases.map(\.rawValue)
        return RecipeControl(key, label, read: { .choice($0[keyPath: property].rawValue, options: options) }) { recipe, value in
            if case .choice(let option, _) = value, let chosen = Option(rawValue: option) { recipe[keyPath: property] = chosen }
        }
    }
}

/// A recipe whose inputs are its list of ``RecipeControl``s.
public protocol ControlledRecipe: ScenarioRecipe {
    /// Every input, in the order the control panel shows them.
    static var controls: [RecipeControl<Self>] { get }
}

extension ControlledRecipe {
    public var inputs: ScenarioInputs {
        ScenarioInputs(Self.controls.map { $0.input(of: self) })
    }

    public func editing(_ inputs: ScenarioInputs) -> Self {
        var copy = self
        for control in Self.controls {
            if let input = inputs[control.key] { control.store(input.value, in: &copy) }
        }
        return copy
    }
}
