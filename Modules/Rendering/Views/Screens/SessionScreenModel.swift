#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a session screen (the timer screen of `moments start`, the watch screen of
/// `moments watch`) needs of its model to draw a frame: the session to show at an instant
/// and the keys it offers. The screen declares it; the live app's model conforms by
/// following the sync observer, and a Preview-prefixed model conforms with named cases,
/// so every state the live screen can show can be drawn without a server.
///
/// What a key does is not the screen's business: the screen draws and never reads a key,
/// so a preview model need not know the terminal's keys at all.
public protocol SessionScreenModel: Sendable {
    /// The session as of `now`, or `nil` before its first state has arrived.
    func session(at now: Date) -> SessionDisplay?
    /// Why the server cannot be reached, while it cannot.
    var problem: String? { get }
    /// The keys offered now, most important first: each names a key the live app's key
    /// table answers.
    var hints: [KeyHint] { get }
    /// The keys listed in a panel over the screen (the help), or `nil` when none is open.
    var panel: [KeyHint]? { get }
    /// The Live Activity's interactive buttons for the session as it is (Pause or Resume,
    /// Finish), which the banner and the expanded island show.
    var buttons: [KeyHint] { get }
}
