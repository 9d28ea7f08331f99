import Fixtures
import Rendering

/// The `browse` screen for a state: the sidebar of scenarios with its search, the preview
/// (or the printed Mother code), the control panel of the scenario's inputs, and the keys.
struct BrowseScreen: CompositeView {
    /// What to show.
    let state: BrowseState

    /// The keys, most important first: the bar shows as many as fit.
    static let hints: [KeyHint] = [
        .init(key: "/", label: "Search"), .init(key: "tab", label: "Inputs"), .init(key: "q", label: "Quit"),
        .init(key: "p", label: "Mother code"), .init(key: "←→", label: "Change"), .init(key: "s", label: "Scheme"),
        .init(key: "t", label: "Text size"), .init(key: "r", label: "Reset"),
    ]

    func body(in environment: ViewEnvironment) -> AnyView {
        let sidebarWidth = 44
        let right = VStack(spacing: 0, [
            preview.frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading),
            controls.layoutPriority(1),
            status.layoutPriority(2),
        ])
        return HStack(alignment: .top, spacing: 0, [
            sidebar.frame(width: sidebarWidth),
            right.frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading),
        ]).erased
    }

    private var sidebar: AnyView {
        let searchLine: Text
        switch state.focus {
        case .search: searchLine = Text("/" + state.draft + "▏").bold()
        case .list, .controls, .editing:
            searchLine = state.query.isEmpty ? Text("/ to search").foreground(.secondary) : Text("/" + state.query)
        }
        let matches = state.matches
        let selected = state.selected
        let listFocused = state.focus == .list || state.focus == .search
        let list: any View =
            matches.isEmpty
            ? Text("No scenario matches. Esc clears the search.").foreground(.secondary).wrapped()
            : ListView(count: matches.count, focus: selected) { index in
                let text = Text((index == selected ? "› " : "  ") + matches[index].id)
                return (index == selected ? (listFocused ? text.inverse() : text.bold()) : text).erased
            }
        let title = "Scenarios \(matches.count)/\(Catalog.all.count)"
        return VStack(spacing: 0, [searchLine.layoutPriority(1), list]).padding(horizontal: 1)
            .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
            .border(.rounded, title: title, color: listFocused ? .accent : .border).erased
    }

    private var preview: AnyView {
        guard let scenario = state.scenario else { return Text("").erased }
        if let code = state.printed {
            return Text(code).wrapped().padding(horizontal: 1)
                .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
                .border(.rounded, title: "Mother code: printed again when you quit", color: .accent).erased
        }
        let variant = state.variant
        let natural = scenario.naturalSize
        // At its natural size where the pane has room, else at the pane's: a screen of 80
        // columns beside the sidebar of a 100-column terminal is drawn at what is left, as
        // the view would be in a terminal that size, never past the pane's border.
        let view = scenario.view()
            .frame(maxWidth: natural.width, maxHeight: natural.height, alignment: .topLeading)
            .transformEnvironment { environment in
                environment = scenario.environment(variant)
            }
        let textSize = scenario.kind.followsTextSize ? Variant.name(of: variant.textSize) : "one text size"
        let caption = Text("\(scenario.id) · \(variant.scheme.rawValue) · \(textSize)")
            .foreground(.secondary)
        return VStack(spacing: 0, [caption.layoutPriority(1), view]).padding(horizontal: 1)
            .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
            .border(.rounded, title: scenario.title).erased
    }

    private var controls: AnyView {
        guard let inputs = state.scenario?.inputs.all else { return Text("").erased }
        let focused = state.focus == .controls || state.focus == .editing
        let rows: [any View] = inputs.enumerated().map { index, input in
            let value = index == state.control && state.focus == .editing ? state.draft + "▏" : input.displayValue
            return LabeledRow(input.label, value: value, isSelected: focused && index == state.control)
        }
        return ListView(rows, focus: state.control).padding(horizontal: 1).frame(maxWidth: .max, alignment: .topLeading)
            .border(.rounded, title: "Inputs", color: focused ? .accent : .border)
            .frame(height: inputs.count + 2).erased
    }

    private var status: AnyView {
        guard let message = state.message else { return KeyHintBar(Self.hints).erased }
        return Text(message).foreground(.danger).erased
    }
}
