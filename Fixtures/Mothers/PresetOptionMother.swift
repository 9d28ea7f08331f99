import Rendering

/// The presets a person keeps: a short breath, the usual morning sit, a long one, and an
/// open-ended sit, keyed 1 to 4.
public enum PresetOptionMother {
    /// One preset; by default the ten-minute morning sit on key 2.
    public static func makePreset(key: String = "2", name: String = "Morning sit", seconds: Double? = 600) -> PresetOption {
        PresetOption(key: key, name: name, seconds: seconds)
    }

    /// The usual four.
    public static func makePresets() -> [PresetOption] {
        [
            makePreset(key: "1", name: "Quick breath", seconds: 180),
            makePreset(key: "2", name: "Morning sit", seconds: 600),
            makePreset(key: "3", name: "Long sit", seconds: 2_700),
            makePreset(key: "4", name: "Open sit", seconds: nil),
        ]
    }
}
