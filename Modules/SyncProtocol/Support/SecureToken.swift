/// Bearer tokens: 256 random bits from the system's secure generator, and a comparison
/// that takes the same time however early two tokens differ.
///
/// Internal: only the server makes and checks tokens. `make` is `@usableFromInline`
/// because it is the default of `SyncServer`'s public `makeToken` parameter.
public enum SecureToken {
    /// A new token: 64 lowercase hex digits.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }

    /// A new group sit's follow code (``JoinCode/secret``): 130 random bits from the
    /// system's secure generator, as 26 characters of Crockford's base 32 in lower case
    /// (no i, l, o or u), short enough to read out and more than the 128 bits a capability
    /// needs.
    public static func makeFollowCode() -> String {
        let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")
        var generator = SystemRandomNumberGenerator()
        return String((0..<26).map { _ in alphabet[Int(generator.next(upperBound: UInt8(32)))] })
    }

    /// Whether two tokens are equal, in time that depends only on their lengths.
    public static func matches(_ presented: String, _ expected: String) -> Bool {
        let a = Array(presented.utf8)
        let b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
