// CATransaction: nested begin/commit batches of model changes, the settings implicit
// animations read, implicit transactions committed at the next frame, and completion blocks
// that wait for every animation added in the transaction.

/// Tracks the animations added while one transaction was open and runs its completion block
/// once every one of them has finished or been removed (and the transaction has committed).
final class CATransactionTracker {
    var remaining = 0
    var closed = false
    var anyUnfinished = false
    var completion: (() -> Void)?
    /// View-style completions get the "finished" flag.
    var completionWithFlag: ((Bool) -> Void)?
    var fired = false
    /// Order of commit: trackers due in the same frame fire in this order (inner first).
    var closeOrder = 0
    /// The current context's commit counter.
    static var closeCounter: Int {
        get { CAAnimationContext.current.trackerCloseCounter }
        set { CAAnimationContext.current.trackerCloseCounter = newValue }
    }
    var isDone: Bool { closed && remaining == 0 && !fired }
    /// One of the tracked animations stopped (the engine then checks `isDone`).
    func animationStopped(finished: Bool) {
        remaining -= 1
        if !finished { anyUnfinished = true }
    }
    func fire() {
        guard !fired else { return }
        fired = true
        completion?()
        completionWithFlag?(!anyUnfinished)
    }
}

/// Core Animation's transactions (CATransaction): batches of model changes committed
/// together, with the settings implicit animations read (duration, timing function,
/// disabled actions) and a completion block. begin/commit nest; outside any explicit
/// transaction an implicit one is opened on the first change and committed by the next frame
/// (`CAAnimationEngine.tick(at:)`) or `flush()`.
///
/// Apple keeps the open transactions per thread ("Begin a new transaction for the current
/// thread. The transaction is nested within the thread's current transaction, if there is
/// one."): here they are the current `CAAnimationContext`'s, and these class methods are a
/// façade over it.
public enum CATransaction {
    final class Level {
        let implicit: Bool
        var disableActions: Bool?
        var animationDuration: Double?
        var timingFunction: CAMediaTimingFunction?
        /// The tracker of the current completion block: it counts the animations added since
        /// the block was set (before the first block, a tracker with no block).
        var tracker = CATransactionTracker()
        init(implicit: Bool) { self.implicit = implicit }
    }
    /// The open transactions of the current context, innermost last.
    static var stack: [Level] {
        get { CAAnimationContext.current.transactions }
        _modify { yield &CAAnimationContext.current.transactions }
    }

    /// The innermost open level, opening the implicit transaction if none is open.
    static var current: Level {
        if let l = stack.last { return l }
        let l = Level(implicit: true)
        stack.append(l)
        return l
    }

    public static func begin() { stack.append(Level(implicit: false)) }
    /// Ends the innermost explicit transaction; the outermost commit starts the added
    /// animations (a beginTime of 0 becomes the layer's local time now).
    public static func commit() {
        guard let i = stack.lastIndex(where: { !$0.implicit }) else { return }
        let level = stack.remove(at: i)
        close(level)
        if stack.allSatisfy({ $0.implicit }) && stack.count <= 1 { flush() }
    }
    /// Commits the implicit transaction and every pending animation now.
    public static func flush() {
        let context = CAAnimationContext.current
        // Layout first, as Core Animation's commit does (layout, display, commit): what it
        // changes joins this commit (CALayer+Layout.swift).
        CALayer.layOutPendingLayers(in: context)
        context.commitCount += 1
        context.engine.commitPending(at: context.clock.now)
        if let l = context.transactions.first, l.implicit, context.transactions.count == 1 {
            context.transactions.removeAll()
            close(l)
        }
    }
    static func close(_ level: Level) { close(level.tracker) }
    /// No more animations join `tracker`; it is due now when none are running.
    static func close(_ tracker: CATransactionTracker) {
        let context = CAAnimationContext.current
        tracker.closed = true
        context.trackerCloseCounter += 1
        tracker.closeOrder = context.trackerCloseCounter
        if tracker.isDone { context.engine.readyTrackers.append(tracker) }
    }

    /// The settings below have nested scope: "Nested transactions have nested data scope,
    /// i.e. reading a key returns the value of the innermost scope that has set it, setting a
    /// key always sets it in the innermost scope." (CATransaction.h) — an inner transaction
    /// inherits disableActions, animationDuration and animationTimingFunction, and its commit
    /// restores the outer values.
    private static func lookup<T>(_ f: (Level) -> T?) -> T? {
        for l in stack.reversed() { if let v = f(l) { return v } }
        return nil
    }
    /// Whether property changes skip their implicit animations.
    public static func disableActions() -> Bool { lookup { $0.disableActions } ?? false }
    public static func setDisableActions(_ flag: Bool) { current.disableActions = flag }
    /// The duration of implicit animations (default 0.25).
    public static func animationDuration() -> Double { lookup { $0.animationDuration } ?? 0.25 }
    public static func setAnimationDuration(_ d: Double) { current.animationDuration = d }
    /// The timing function of implicit animations (nil: the default function).
    public static func animationTimingFunction() -> CAMediaTimingFunction? { lookup { $0.timingFunction } }
    public static func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) { current.timingFunction = f }
    /// "The completion block object that is guaranteed to be called (on the main thread) as
    /// soon as all animations subsequently added by this transaction group have completed (or
    /// have been removed.) If no animations are added before the current transaction group is
    /// committed (or the completion block is set to a different value,) the block will be
    /// invoked immediately." (CATransaction setCompletionBlock:)
    ///
    /// The block waits for the animations added after it was set, in this transaction or
    /// transactions nested in it, until the transaction commits or the block is replaced; it
    /// runs at the frame where the last of them finishes or is removed, and at the next frame
    /// when there were none.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let level = current
        let previous = level.tracker
        let next = CATransactionTracker()
        next.completion = block
        level.tracker = next
        close(previous)   // the replaced block waits only for what was added in its time
    }
    public static func completionBlock() -> (() -> Void)? { stack.last?.tracker.completion }

    /// Registers an added animation with every open transaction.
    static func track(_ anim: CAAnimation) {
        _ = current
        for l in stack {
            l.tracker.remaining += 1
            anim.engineTrackers.append(l.tracker)
        }
    }
}
