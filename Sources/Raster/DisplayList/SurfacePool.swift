// Offscreen surfaces recycled from frame to frame: the pixel memory of a group's, a mask's or
// a plane's bitmap goes back to the pool of the rasterizer scratch it was drawn in when the
// bitmap goes away, and the next surface of at most that many pixels takes it again. A fresh
// allocation of a large surface is memory the kernel maps and zeroes page by page on first
// touch (a full-window matte at 1600 × 1200 is 7.3 MiB: ~1,900 page faults), every frame,
// before the surface's own clear writes it again; a recycled one is only cleared, over the
// box its items draw (DisplayListRasterizer+GroupRegion.swift). What a surface holds outside
// that box is never read, so a recycled block draws the same pixels as a fresh one.
//
// Best fit: the smallest kept block that holds the surface, else a new block of exactly its
// size. At most `maximumBlocks` blocks and `maximumPixels` pixels are kept; a block given
// back beyond that is freed (the smallest kept ones go first, so that the large surfaces a
// frame needs stay). One pool serves one drawing thread at a time, as its scratch does.

/// Pixel blocks kept for the offscreen surfaces of one rasterizer scratch.
final class SurfacePool {
    /// Blocks kept, unordered.
    private var blocks: [(pixels: UnsafeMutablePointer<UInt32>, capacity: Int)] = []
    private var keptPixels = 0
    /// At most this many blocks kept.
    static let maximumBlocks = 8
    /// At most this many pixels kept (128 MiB).
    static let maximumPixels = 32 * 1024 * 1024

    /// A block of at least `count` pixels (uninitialised) and its capacity.
    func take(count: Int) -> (pixels: UnsafeMutablePointer<UInt32>, capacity: Int) {
        var best = -1
        for i in blocks.indices where blocks[i].capacity >= count {
            if best < 0 || blocks[i].capacity < blocks[best].capacity { best = i }
        }
        guard best >= 0 else { return (pixels: UnsafeMutablePointer<UInt32>.allocate(capacity: count), capacity: count) }
        let b = blocks.remove(at: best)
        keptPixels -= b.capacity
        return b
    }

    /// Takes back a block `take` gave (or frees it when the pool is full).
    func give(_ pixels: UnsafeMutablePointer<UInt32>, capacity: Int) {
        guard capacity <= Self.maximumPixels else { pixels.deallocate(); return }
        blocks.append((pixels: pixels, capacity: capacity))
        keptPixels += capacity
        while blocks.count > Self.maximumBlocks || keptPixels > Self.maximumPixels {
            var smallest = 0
            for i in blocks.indices where blocks[i].capacity < blocks[smallest].capacity { smallest = i }
            let b = blocks.remove(at: smallest)
            keptPixels -= b.capacity
            b.pixels.deallocate()
        }
    }

    deinit { for b in blocks { b.pixels.deallocate() } }
}
