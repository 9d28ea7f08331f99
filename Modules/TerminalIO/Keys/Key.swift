/// One key press as the timer screen reads it: decoded from the bytes a terminal in raw
/// mode sends, so the screen binds keys by meaning and never by escape sequence.
public enum Key: Hashable, Sendable {
    /// A printable character: letters, digits, `+`, `-`, `?`, `/` and any other text.
    case character(Character)
    /// The space bar.
    case space
    /// Enter or Return.
    case enter
    /// Escape on its own (not the start of a longer sequence).
    case escape
    /// Backspace or Delete-left.
    case backspace
    /// Tab.
    case tab
    /// An arrow key.
    case up, down, left, right
    /// A navigation key.
    case home, end, pageUp, pageDown, delete
    /// Control held with a letter: `control("c")` is Ctrl-C, which raw mode delivers as a
    /// key instead of a SIGINT.
    case control(Character)

    /// Ctrl-C: the key a person presses to get out at once.
    public static let interrupt = Key.control("c")
}
