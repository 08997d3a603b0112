// Returning freed heap memory to the system. glibc's allocator keeps the pages of freed blocks
// resident inside its heap; `malloc_trim(0)` gives them back ("Since glibc 2.8 this function
// frees memory in all arenas and in all chunks with whole free pages", malloc_trim(3)).
//
// When: once the window has drawn nothing for a while. Memory freed while a scene keeps
// animating is asked for again within frames (the next frame's surfaces, the next demo's
// bitmaps): giving it back then only makes the resident size fall and climb again by
// megabytes at every trim. Once nothing has been drawn for `quiet` seconds (an animation
// ended, a document finished, a demo left still), what was freed is not coming back soon, and
// the frame has time to spare: the heap is trimmed then, once per quiet spell.

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
}
