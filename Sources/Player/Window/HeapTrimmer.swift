// Returning freed heap memory to the system during a long run. glibc's allocator keeps the
// pages of freed blocks resident inside its heap: after an hour of demos opened and closed,
// bitmaps of many sizes freed in between leave the resident size several megabytes above
// what is live, and slowly rising. `malloc_trim(0)` gives those pages back ("Since glibc
// 2.8 this function frees memory in all arenas and in all chunks with whole free pages",
// malloc_trim(3)). The window calls it now and then, on a frame that left time to spare.

import CWindowSystem

/// When to trim the heap: at most once every `interval` seconds, and only after a frame
/// whose work took less than half the refresh period, so the trim takes spare time.
struct HeapTrimmer {
    /// Seconds between two trims at least.
    var interval: Double = 10
    private var last: Double?

    /// Whether a frame that finished at `now` after `work` seconds, in a refresh `period`,
    /// should trim; counts the trim when it should.
    mutating func isDue(now: Double, work: Double, period: Double) -> Bool {
        guard let last else { self.last = now; return false }  // the first interval starts with the run
        guard now - last >= interval, work < period / 2 else { return false }
        self.last = now
        return true
    }

    /// Gives the heap's free pages back to the system (a no-op where glibc is absent).
    static func trim() { lk_heap_trim() }
}
