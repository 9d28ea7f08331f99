import Fixtures
import Rendering
import TerminalIO

/// Everything `browse` shows, and how each key changes it: a value, so the whole
/// interaction is tested without a terminal, and the screen (``BrowseScreen``) is a pure
/// function of it.
struct BrowseState {
    /// Where keys go.
    enum Focus: Equatable {
        /// The sidebar: ↑↓ choose a scenario.
        case list
        /// The control panel: ↑↓ choose an input, ←→ change it.
        case controls
        /// Typing the search after `/`.
        case search
        /// Typing a new value for the focused input.
        case editing
    }

    /// The search text; every word must match.
    private(set) var query = ""
    /// The scenarios the search leaves, in catalog order.
    private(set) var matches: [Scenario] = Catalog.all
    /// The index of the chosen scenario in ``matches``.
    private(set) var selected = 0
    /// Edited inputs, by scenario id; a scenario not here shows its own.
    private(set) var edits: [String: ScenarioInputs] = [:]
    /// The focused input of the control panel.
    private(set) var control = 0
    /// Where keys go.
    private(set) var focus = Focus.list
    /// What is being typed (the search or a value).
    private(set) var draft = ""
    /// The preview's colour scheme.
    private(set) var scheme = ColorScheme.dark
    /// The preview's text size.
    private(set) var textSize = TextSize.medium
    /// The Mother code last asked for with `p`, shown in place of the preview and printed
    /// on the way out.
    private(set) var printed: String?
    /// A short message for the person (a value that was refused).
    private(set) var message: String?

    /// A state with `id` chosen, when there is such a scenario.
    init(selecting id: String? = nil) {
        if let id, let index = matches.firstIndex(where: { $0.id == id }) { selected = index }
    }

    /// The chosen scenario with its edits, or `nil` when the search leaves none.
    var scenario: Scenario? {
        guard matches.indices.contains(selected) else { return nil }
        let scenario = matches[selected]
        return edits[scenario.id].map(scenario.editing) ?? scenario
    }

    /// The preview's variant.
    /// The variant the preview draws: the text size chosen where the scenario's view follows
    /// it, else the one size it has (what the caption then says).
    var variant: Variant {
        Variant(scheme: scheme, textSize: scenario?.kind.followsTextSize == false ? .medium : textSize)
    }

    /// Applies a key; answers `false` when it asks to quit.
    mutating func handle(_ key: Key) -> Bool {
        message = nil
        if key == Key.interrupt { return false }
        switch focus {
        case .search: typeSearch(key)
        case .editing: typeValue(key)
        case .list, .controls: return command(key)
        }
        return true
    }

    // MARK: - Keys in the list and the control panel

    private mutating func command(_ key: Key) -> Bool {
        switch key {
        case .character("q"): return false
        case .character("/"):
            focus = .search
            draft = query
        case .character("p"): printed = printed == nil ? scenario?.fixture : nil
        case .character("s"): scheme = scheme == .dark ? .light : .dark
        case .character("t"):
            let sizes = TextSize.allCases
            textSize = sizes[((sizes.firstIndex(of: textSize) ?? 0) + 1) % sizes.count]
        case .character("r"):
            if let id = scenario?.id { edits[id] = nil }
            printed = nil
        case .tab: focus = focus == .list ? .controls : .list
        case .escape:
            if focus == .list, !query.isEmpty { search("") }
            focus = .list
        case .up, .character("k"): move(by: -1)
        case .down, .character("j"): move(by: 1)
        case .right, .character("l"), .enter, .space:
            if focus == .list {
                focus = .controls
            } else if key == .right || key == .character("l") {
                adjust(by: 1)
            } else {
                activate()
            }
        case .left, .character("h"):
            if focus == .controls { adjust(by: -1) }
        default: break
        }
        return true
    }

    private mutating func move(by step: Int) {
        if focus == .list {
            guard !matches.isEmpty else { return }
            selected = min(max(0, selected + step), matches.count - 1)
            control = 0
            printed = nil
        } else if let count = scenario?.inputs.all.count, count > 0 {
            control = min(max(0, control + step), count - 1)
        }
    }

    /// ←→ on an input: a number by its step, a toggle, the next or previous choice.
    private mutating func adjust(by steps: Int) {
        guard let input = focusedInput else { return }
        if case .text = input.value { return }
        store(input.moved(by: steps))
    }

    /// Enter or space on an input: type a new text or number, flip a toggle, next choice.
    private mutating func activate() {
        guard let input = focusedInput else { return }
        switch input.value {
        case .text(let text):
            focus = .editing
            draft = text
        case .number:
            focus = .editing
            draft = input.displayValue
        case .toggle, .choice:
            store(input.moved(by: 1))
        }
    }

    private var focusedInput: ScenarioInput? {
        guard let inputs = scenario?.inputs, inputs.all.indices.contains(control) else { return nil }
        return inputs.all[control]
    }

    private mutating func store(_ input: ScenarioInput) {
        guard let scenario else { return }
        var inputs = scenario.inputs
        inputs.update(input)
        edits[scenario.id] = inputs
        if printed != nil { printed = scenario.editing(inputs).fixture }
    }

    // MARK: - Typing

    private mutating func typeSearch(_ key: Key) {
        switch key {
        case .enter: focus = .list
        case .escape:
            draft = ""
            focus = .list
        default:
            guard edit(&draft, with: key) else { return }
        }
        search(draft)
    }

    /// Filters the sidebar by `text`, keeping the chosen scenario when it still matches.
    private mutating func search(_ text: String) {
        query = text
        let chosen = matches.indices.contains(selected) ? matches[selected].id : nil
        matches = Catalog.search(query)
        selected = chosen.flatMap { id in matches.firstIndex { $0.id == id } } ?? 0
        // Code printed for a scenario no longer chosen would be shown under another title.
        if matches.indices.contains(selected) ? matches[selected].id != chosen : true { printed = nil }
        control = 0
    }

    private mutating func typeValue(_ key: Key) {
        switch key {
        case .enter:
            focus = .controls
            guard let input = focusedInput else { return }
            switch input.setting(draft) {
            case .success(let changed): store(changed)
            case .failure(let error): message = error.description
            }
        case .escape: focus = .controls
        default: edit(&draft, with: key)
        }
    }

    /// Applies a typing key to `text`; answers whether it was one.
    @discardableResult
    private func edit(_ text: inout String, with key: Key) -> Bool {
        switch key {
        case .character(let character): text.append(character)
        case .space: text.append(" ")
        case .backspace, .delete: if !text.isEmpty { text.removeLast() }
        default: return false
        }
        return true
    }
}
