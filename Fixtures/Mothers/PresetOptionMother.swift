import Rendering

/// The presets a person keeps: a short breath, the usual morning sit, a long one, and an
/// open-ended sit, keyed 1 to 4.
public enum PresetOptionMother {
    /// One preset; by default the ten-minute morning sit on key 2.
    public static func makePreset(key: String = "2", name: String = "Morning sit", seconds: Double? = 600) -> PresetOption {
        PresetOption(key: key, name: name, seconds: seconds)
    }

    /// The usual four, and then as many more as `count` asks (a picker that must scroll,
    /// a widget that must count the rest); fewer when `count` is under four.
    public static func makePresets(count: Int = 4) -> [PresetOption] {
        let usual = [
            makePreset(key: "1", name: "Quick breath", seconds: 180),
            makePreset(key: "2", name: "Morning sit", seconds: 600),
            makePreset(key: "3", name: "Long sit", seconds: 2_700),
            makePreset(key: "4", name: "Open sit", seconds: nil),
        ]
        let more = (usual.count..<max(usual.count, count)).map { index in
            makePreset(key: String(index + 1), name: "Sit \(index + 1)", seconds: Double(index + 1) * 300)
        }
        return Array((usual + more).prefix(max(0, count)))
    }

    /// Presets named with the names that stress a terminal: 64 characters, emoji, CJK and
    /// right-to-left.
    public static func makeStressing() -> [PresetOption] {
        [
            makePreset(key: "1", name: SessionAttributesMother.longName, seconds: 1_200),
            makePreset(key: "2", name: SessionAttributesMother.emojiName, seconds: 600),
            makePreset(key: "3", name: SessionAttributesMother.cjkName, seconds: 900),
            makePreset(key: "4", name: SessionAttributesMother.rightToLeftName, seconds: nil),
        ]
    }
}
