import Rendering

/// One view in one named state: what the showcase lists, renders, exports and browses,
/// and what the snapshot, property and consistency tests run through.
public struct Scenario: Sendable, Identifiable, CustomStringConvertible {
    /// The stable id, `Group/View/state` (`LiveActivity/LockScreen/paused`). Snapshot files
    /// and exported pages are named after it, so it never changes once published.
    public let id: String
    /// The view it shows.
    public let kind: ViewKind
    /// A person's name for the state.
    public let title: String
    /// The inputs and how they become a view.
    public let recipe: any ScenarioRecipe

    /// A scenario of `kind` called `state`, made by `recipe`.
    public init(_ kind: ViewKind, _ state: String, _ title: String, _ recipe: any ScenarioRecipe) {
        self.id = kind.catalogPath + "/" + state
        self.kind = kind
        self.title = title
        self.recipe = recipe
    }

    /// The state's part of the id: `paused` in `LiveActivity/LockScreen/paused`.
    public var state: String { String(id.split(separator: "/").last ?? "") }

    /// The size the view is meant for: its platform budget, or a common terminal.
    public var naturalSize: Size { kind.naturalSize }

    /// What a search looks in, lowercased: the id, the title and the view's name.
    /// ``Catalog/search(_:)`` and the HTML gallery's search field both match against it,
    /// so the terminal and the browser find the same scenarios.
    public var searchText: String {
        [id, title, kind.title].joined(separator: " ").lowercased()
    }

    /// The inputs, as editable controls.
    public var inputs: ScenarioInputs { recipe.inputs }

    /// The Mother Object call that makes the fixture, as Swift source.
    public var fixture: String { recipe.fixture }

    /// Whether a push can produce this state (for the consistency test).
    public var provenance: Provenance { recipe.provenance }

    /// The same scenario with edited inputs.
    public func editing(_ inputs: ScenarioInputs) -> Scenario {
        Scenario(id: id, kind: kind, title: title, recipe: recipe.editing(inputs))
    }

    /// The view, with the scenario's inputs.
    public func view() -> AnyView { recipe.view() }

    /// The environment of `variant` at the scenario's instant.
    public func environment(_ variant: Variant) -> ViewEnvironment {
        variant.environment(now: recipe.instant)
    }

    /// The frame of the view in `variant`.
    public func frame(_ variant: Variant = Variant()) -> Frame {
        let size = variant.size(for: self)
        return Frame(rendering: view(), width: size.width, height: size.height, environment: environment(variant))
    }

    public var description: String { id }

    private init(id: String, kind: ViewKind, title: String, recipe: any ScenarioRecipe) {
        self.id = id
        self.kind = kind
        self.title = title
        self.recipe = recipe
    }
}
