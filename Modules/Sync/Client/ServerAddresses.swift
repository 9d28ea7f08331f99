/// Several servers that share one store, written as one text: their base addresses
/// separated by commas, as `moments start --server A --server B` keeps them (in its
/// runtime file and its remembered sessions) and ``HTTPSyncConnection`` reads them.
public enum ServerAddresses {
    /// The addresses of `joined`, in order, without blanks.
    public static func split(_ joined: String) -> [String] {
        joined.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }.filter { !$0.isEmpty }
    }

    /// The text of `addresses` (each itself possibly a list), or `nil` when there are none.
    public static func join(_ addresses: [String]) -> String? {
        let all = addresses.flatMap(split)
        return all.isEmpty ? nil : all.joined(separator: ",")
    }

    /// Whether two texts name a server in common.
    public static func overlap(_ first: String, _ second: String) -> Bool {
        !Set(split(first)).isDisjoint(with: split(second))
    }
}
