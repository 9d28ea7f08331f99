#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// How a family of scenarios turns its inputs into a view: the one place that knows which
/// Mothers a view's inputs come from. A recipe is a cheap value (a few numbers and names);
/// data that is costly to make, such as 100,000 records, is made once, when first drawn.
public protocol ScenarioRecipe: Sendable {
    /// The recipe with `inputs` applied; an input it does not have keeps its value.
    func editing(_ inputs: ScenarioInputs) -> Self
    /// The inputs, as controls holding this recipe's values.
    var inputs: ScenarioInputs { get }
    /// The Mother Object call that makes this recipe's fixture, as Swift source.
    var fixture: String { get }
    /// The instant the view is shown at: the environment's `now`.
    var instant: Date { get }
    /// Whether a push from the sync server can produce what this recipe shows.
    var provenance: Provenance { get }
    /// The view with this recipe's inputs.
    func view() -> AnyView
}

/// Where a scenario's state comes from in the live app, for the consistency test.
public enum Provenance: Hashable, Sendable {
    /// A view that no push feeds (history, stats, settings, presets, widgets).
    case notPushed
    /// A Live Activity or timer state the server reaches by playing this script; the
    /// consistency test plays it through the real server and compares frames.
    case pushed(SessionScript)
    /// A Live Activity or timer state that no push can produce, and why: it is exempt from
    /// the consistency test by this flag, said here in the catalog.
    case unreachable(reason: String)
    /// A state only the live app's own loop makes (before the first push, a question or
    /// panel open, an intent pending or refused, the line output): the live-state
    /// consistency test reaches it by feeding the live model a key sequence.
    case liveOnly
}
