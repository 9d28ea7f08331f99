/// The desktop's media player drawn in cells, as a lock screen's media tile shows it:
/// the player's name and status, the title in bold, the artist line, the album, the
/// track's position and length beside a bar, and the buttons that work. With no session
/// it draws the note that no player is on the bus.
///
/// Budget: 44 × 8 cells (``PresentationBudget/mediaPlayer``), about GNOME's and KDE's
/// lock-screen media tile.
public struct MediaPlayerCard: CompositeView {
    /// What the player shows, or `nil` when there is none (no session).
    public let content: MediaPlayerContent?

    /// The card of `content`.
    public init(content: MediaPlayerContent?) {
        self.content = content
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        guard let content else {
            return Budgeted(PresentationBudget.mediaPlayer, Text("(no media player: no session)").foreground(.secondary)).erased
        }
        let position = Self.time(content.positionSeconds)
        var track: [AnyView] = [Text(position).foreground(.secondary).erased]
        if let length = content.lengthSeconds {
            track.append(ProgressBar(fraction: length > 0 ? content.positionSeconds / length : 1).erased)
            track.append(Text(Self.time(length)).foreground(.secondary).erased)
        } else {
            track.append(Text("open-ended").foreground(.secondary).erased)
        }
        var buttons: [String] = []
        if content.canStop { buttons.append("[Stop]") }
        if content.playStarts { buttons.append(content.canPause ? "[Play]" : "[Start now]") }
        if content.canPause, content.status == .playing { buttons.append("[Pause]") }
        var rows: [AnyView] = [
            Text("\(MediaPlayerContent.identity) · \(content.status.rawValue)").foreground(.secondary).erased,
            Text(content.title).bold().layoutPriority(2).erased,
            Text(content.artist).foreground(content.status == .stopped ? .warning : .primary).layoutPriority(2).erased,
            Text(content.album).foreground(.secondary).erased,
            HStack(spacing: 1, track).erased,
        ]
        if !buttons.isEmpty {
            rows.append(HStack(spacing: 1, buttons.map { Text($0).foreground(.accent).erased }).erased)
        }
        return Budgeted(PresentationBudget.mediaPlayer, VStack(rows).padding(horizontal: 1).border(.rounded)).erased
    }

    /// `4:05` or `1:04:05`, as a media player writes a position.
    static func time(_ seconds: Double) -> String {
        let whole = Int(max(0, seconds).rounded(.down))
        let (hours, minutes, rest) = (whole / 3_600, whole / 60 % 60, whole % 60)
        let twoDigits = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
