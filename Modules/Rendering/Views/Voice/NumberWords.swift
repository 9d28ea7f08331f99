/// Numbers and durations in English words, as a voice says them: `twenty-one`,
/// `one hour and five minutes`, `forty-five seconds`.
public enum NumberWords {
    private static let ones = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// `number` in words, for 0 to 999,999 (`one thousand two hundred and five`); a number
    /// outside that range in digits.
    public static func words(_ number: Int) -> String {
        guard (0..<1_000_000).contains(number) else { return String(number) }
        if number < 20 { return ones[number] }
        if number < 100 { return tens[number / 10] + (number % 10 == 0 ? "" : "-" + ones[number % 10]) }
        if number < 1_000 {
            return ones[number / 100] + " hundred" + (number % 100 == 0 ? "" : " and " + words(number % 100))
        }
        let rest = number % 1_000
        let joiner = rest == 0 ? "" : rest < 100 ? " and " : " "
        return words(number / 1_000) + " thousand" + (rest == 0 ? "" : joiner + words(rest))
    }

    /// `count` of `unit`: `one minute`, `twenty minutes`.
    public static func count(_ count: Int, _ unit: String) -> String {
        "\(words(count)) \(unit)\(count == 1 ? "" : "s")"
    }

    /// A duration as said: whole hours and minutes (`one hour and five minutes`,
    /// `twenty minutes`), seconds only under a minute (`forty-five seconds`). Rounded
    /// down to the minute over a minute, as a person says how long they sat.
    public static func duration(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds.isFinite ? seconds.rounded(.down) : 0))
        if whole < 60 { return count(whole, "second") }
        let (hours, minutes) = (whole / 3_600, whole / 60 % 60)
        switch (hours, minutes) {
        case (0, _): return count(minutes, "minute")
        case (_, 0): return count(hours, "hour")
        default: return count(hours, "hour") + " and " + count(minutes, "minute")
        }
    }
}
