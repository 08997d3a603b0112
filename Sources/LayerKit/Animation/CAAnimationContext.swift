// The state behind Core Animation's class-level API: one animation engine, one stack of open
// transactions and one media clock, bundled so that any number of independent contexts can
// run side by side (each test its own), while `CACurrentMediaTime()`, `CATransaction` and
// `CALayer.presentation()` keep Core Animation's signatures as a façade over the current one.

/// One thread's (or one task's) Core Animation state: the media clock its host sets, the
/// animation engine its host ticks, the open transactions, and the bookkeeping of property
/// changes (the view-animation block being captured, transition journal, presentation writes).
///
/// Core Animation keeps transactions per thread: "Implicit transactions are created
/// automatically when the layer tree is modified by a thread without an active transaction
/// and are committed automatically when the thread's runloop next iterates", and
/// `CATransaction.begin()` "Begin[s] a new transaction for the current thread." Here the unit
/// is the context: the main one by default, or one bound to a task with `run(_:)`. A context
/// is used by one thread (or task) at a time; layers and animations belong to the context
/// they were changed and added in.
public final class CAAnimationContext: @unchecked Sendable {
    /// The clock `CACurrentMediaTime()` reads while this context is current.
    public let clock: CAMediaClock
    /// The engine that animations added in this context join.
    public private(set) lazy var engine = CAAnimationEngine(context: self)

    /// The open transactions, innermost last.
    var transactions: [CATransaction.Level] = []
    /// Commit order handed to transaction trackers (those due in one frame fire in it).
    var trackerCloseCounter = 0
    /// >0 while animation values are written into a presentation copy or a snapshot (property
    /// hooks ignore those writes).
    var applyingDepth = 0
    /// The view-style animation block being captured, if any.
    var viewAnimationCapture: ViewAnimationCapture?
    /// The outermost transaction the transition journal's entries belong to, and the entries.
    var transitionJournalLevel: AnyObject?
    var transitionJournalEntries: [CATransitionJournal.Key: CATransitionJournal.Entry] = [:]
    var transitionJournalSublayers: [ObjectIdentifier: CATransitionJournal.SublayersEntry] = [:]
    /// The property change whose action is being looked up (the implicit animation starts
    /// from its old value).
    var changedValue: (layer: ObjectIdentifier, key: String, value: AnimatableValue)?
    /// How many times the context committed (a layer made after the last commit has no
    /// presentation yet).
    var commitCount = 0
    /// Model layers marked by `setNeedsLayout()` since the last commit laid them out
    /// (CALayer+Layout.swift), in the order marked.
    var layersNeedingLayout: [CALayer] = []
    /// Counts the ends of the render trees' "whatever the time" placement conclusions
    /// (RenderPlacement.swift): one holds at the epoch it was drawn at; starts at 1 (0: none).
    /// Per context, as the layers a conclusion hangs on belong to one.
    var placementEpoch: UInt = 1

    /// A fresh context: no animations, no open transaction, `clock` (a monotonic one by default).
    public init(clock: CAMediaClock = CAMediaClock()) { self.clock = clock }

    /// The context of the process's main thread, current wherever no other one is bound.
    public static let main = CAAnimationContext()

    @TaskLocal private static var bound: CAAnimationContext?

    /// The context in effect: the one bound by `run(_:)` in this task, else `main`.
    public static var current: CAAnimationContext { bound ?? main }

    /// Runs `body` with this context current (task-local: child tasks inherit it, other
    /// tasks and threads are unaffected).
    public func run<R>(_ body: () throws -> R) rethrows -> R {
        try Self.$bound.withValue(self, operation: body)
    }
    /// Runs async `body` with this context current.
    public func run<R>(_ body: () async throws -> R) async rethrows -> R {
        try await Self.$bound.withValue(self, operation: body)
    }

    /// The time `CALayer.presentation()` samples at: the clock's manual time when set, else
    /// the time of the last frame the engine ticked (what is on screen), else the clock's now.
    public var presentationTime: Double { clock.manualTime ?? engine.frameTime ?? clock.now }
}
