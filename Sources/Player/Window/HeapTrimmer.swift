// The window's heap: its peak kept while frames are drawn, its free pages given back once the
// window is still.
//
// While a scene animates, memory it frees is asked for again within frames (the next frame's
// surfaces, a transition's snapshots, the next demo's bitmaps). glibc's default thresholds
// move with the blocks freed: a block of a few megabytes is mapped on its own at first, then
// served from the heap, whose top is given back whenever enough of it is free, so the
// resident size rises and falls by megabytes with every transition. The window fixes the
// thresholds instead (`keepPeak`): bitmaps come from the heap and the heap keeps its peak,
// so a long run stays at the size its busiest frames needed.
//
// Once nothing has been drawn for `quiet` seconds (an animation ended, a document finished,
// a demo left still), what was freed is not coming back soon, and the frame has time to
// spare: `malloc_trim(0)` gives the free pages back then, once per quiet spell ("Since glibc
// 2.8 this function frees memory in all arenas and in all chunks with whole free pages",
// malloc_trim(3)).

import CWindowSystem

/// When to trim the heap: once `quiet` seconds have passed without a frame that drew
/// anything, and not again before something is drawn.
struct HeapTrimmer {
    /// Seconds without drawing before the trim.
    var quiet: Double = 5
    /// When the last frame that drew anything finished (the run's start counts as one).
    private var lastDrawn: Double?
    /// Whether this quiet spell was trimmed already.
    private var trimmed = false

    /// Whether the frame that finished at `now`, having drawn something (`drew`) or not,
    /// should trim; counts the trim when it should.
    mutating func isDue(now: Double, drew: Bool) -> Bool {
        guard !drew, let last = lastDrawn else {
            lastDrawn = now
            trimmed = false
            return false
        }
        guard !trimmed, now - last >= quiet else { return false }
        trimmed = true
        return true
    }

    /// Gives the heap's free pages back to the system (a no-op where glibc is absent).
    static func trim() { lk_heap_trim() }

    /// Makes the heap keep its peak while the window draws (see above); false where the
    /// allocator is not glibc's.
    @discardableResult
    static func keepPeak() -> Bool { lk_heap_keep_peak() == 1 }
}
