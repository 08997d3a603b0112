// The float planes a filter chain works in (FilterChain.swift), kept from one application to
// the next: a frame that blurs the same layer every frame would otherwise allocate (and the
// kernel would fault in and zero) two planes of 16 bytes a pixel each time. One set is kept,
// process-wide behind a lock, and only while it holds at most `keptBytes`; a chain takes the
// set, grows it when too small, and gives it back.

import Synchronization

/// Two float planes (a working plane and the blur's scratch) of at least `capacity` pixels,
/// the scratch followed by two lines of `width` pixels (the longer side) padded by the largest
/// kernel on each side.
final class FilterBuffers: @unchecked Sendable {
    let capacity: Int
    let width: Int
    let plane: UnsafeMutablePointer<SIMD4<Float>>
    let scratch: UnsafeMutablePointer<SIMD4<Float>>

    /// The scratch plane holds a plane and two padded lines beyond it (the exact blur uses the
    /// plane and the first line; the box blur streams through memory of its own,
    /// FilterBoxBlur.swift).
    static func scratchCount(_ pixels: Int, width: Int) -> Int {
        pixels + 2 * (width + 2 * PixelFilter.kernelRadius(sigma: PixelFilter.maximumSigma))
    }

    init(capacity: Int, width: Int) {
        self.capacity = max(1, capacity)
        self.width = max(1, width)
        plane = .allocate(capacity: self.capacity)
        scratch = .allocate(capacity: Self.scratchCount(self.capacity, width: self.width))
    }
    deinit { plane.deallocate(); scratch.deallocate() }

    /// The most bytes of planes kept between applications (about an 1000 × 1000 surface).
    static let keptBytes = 32 << 20
    private static let kept = Mutex<FilterBuffers?>(nil)

    /// A set for `pixels` pixels: the kept one when it is large enough, else a new one.
    static func take(pixels: Int, width: Int) -> FilterBuffers {
        if let b = kept.withLock({ k -> FilterBuffers? in let b = k; k = nil; return b }),
           b.capacity >= pixels, b.width >= width { return b }
        return FilterBuffers(capacity: pixels, width: width)
    }

    /// Gives a set back to be kept (when small enough), else frees it.
    static func give(_ b: FilterBuffers) {
        guard (b.capacity + scratchCount(b.capacity, width: b.width)) * MemoryLayout<SIMD4<Float>>.stride <= keptBytes else { return }
        kept.withLock { k in if (k?.capacity ?? -1) < b.capacity { k = b } }
    }
}
