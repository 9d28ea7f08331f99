extension String {
    /// The text without leading and trailing white space (spaces, tabs, line breaks), as
    /// every text a person types into a name, a setting or a duration is read.
    public var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
