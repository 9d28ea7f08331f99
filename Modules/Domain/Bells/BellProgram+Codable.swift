extension BellProgram: Codable {
    enum CodingKeys: String, CodingKey {
        case warmUpSeconds = "warm_up_seconds"
        case startStrikes = "start_strikes"
        case everySeconds = "interval_every_seconds"
        case atSeconds = "interval_at_seconds"
        case intervalStrikes = "interval_strikes"
        case endStrikes = "end_strikes"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let every = try container.decodeIfPresent(Double.self, forKey: .everySeconds)
        let at = try container.decodeIfPresent([Double].self, forKey: .atSeconds)
        guard every == nil || at == nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .atSeconds, in: container,
                debugDescription: "A bell program has interval bells every so often or at instants, not both.")
        }
        do {
            try self.init(
                warmUpSeconds: container.decodeIfPresent(Double.self, forKey: .warmUpSeconds) ?? 0,
                startStrikes: container.decodeIfPresent(Int.self, forKey: .startStrikes) ?? 0,
                interval: every.map(BellInterval.every) ?? at.map(BellInterval.at),
                intervalStrikes: container.decodeIfPresent(Int.self, forKey: .intervalStrikes) ?? 1,
                endStrikes: container.decodeIfPresent(Int.self, forKey: .endStrikes) ?? 0)
        } catch let error as ValidationError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(warmUpSeconds, forKey: .warmUpSeconds)
        try container.encode(startStrikes, forKey: .startStrikes)
        switch interval {
        case .every(let seconds)?: try container.encode(seconds, forKey: .everySeconds)
        case .at(let instants)?: try container.encode(instants, forKey: .atSeconds)
        case nil: break
        }
        try container.encode(intervalStrikes, forKey: .intervalStrikes)
        try container.encode(endStrikes, forKey: .endStrikes)
    }
}
