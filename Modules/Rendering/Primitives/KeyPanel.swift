/// A panel listing keys, one per line, the key in bold before what it does: the help a
/// session screen shows over itself. It clears what it covers, so it reads the same over
/// any screen.
public struct KeyPanel: CompositeView {
    /// The panel's title, on its border.
    public let title: String
    /// The keys, in order.
    public let keys: [KeyHint]

    /// A panel titled `title` listing `keys`.
    public init(title: String, keys: [KeyHint]) {
        self.title = title
        self.keys = keys
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let keyWidth = keys.map { GraphemeWidth.width(of: $0.key) }.max() ?? 0
        let rows = keys.map { hint in
            HStack(spacing: 2, [
                Text(hint.key).bold().foreground(.accent).frame(width: keyWidth, alignment: .leading),
                Text(hint.label),
            ])
        }
        return VStack(rows).padding(horizontal: 2, vertical: 1).border(.rounded, title: title).background(.surface).erased
    }
}
