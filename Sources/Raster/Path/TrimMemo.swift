// What `Path.trimmed` worked out lately, kept so that the same cut is not made twice: a trimmed
// stroke is cut once when its display item's bounds are found (CAShapeLayer's
// `strokedBounds`, display-list building) and again when the canvas strokes it, and a trim
// path animating along a fixed path (a Lottie trim path, strokeEnd keyframed) measures the
// same path every frame. Both are deterministic functions of the path's elements and the two
// fractions, so a kept answer is the answer, bit for bit.
//
// The path is known by its element storage, which the entry holds (as StrokeOutlineCache
// does): while an entry lives no other path can have that storage, and a holder that changes
// its path gets a copy of its own. Two direct-mapped tables of `slots` entries (a cut by its
// storage, element count and the fractions' bits; a measurement by its storage), each slot
// holding the last entry stored there: a lookup is one mixed index and a comparison of the
// key's fields — no hashing of the key, no table to grow or empty —, and two keys meeting in
// one slot only cost the evicted one a recomputation. Bounded: at most `slots` cuts and as
// many measured paths, of at most `maxElements` elements each. Shared by every canvas and
// thread (bands draw on two), behind a mutex.

import Synchronization

/// Recent `Path.trimmed` answers and path measurements (see the file header).
struct TrimMemo {
    struct Cut {
        let path: Path
        let count: Int
        let from: UInt64, to: UInt64
        let result: Path
    }
    struct Measured {
        let path: Path
        let count: Int
        let subpaths: [MeasuredSubpath]
    }

    /// Slots of each table (a power of two; some 15 MB of cuts and 25 MB of measurements at worst).
    static let slots = 256
    /// Paths of more elements than this are not kept (their cut is rarer and larger).
    static let maxElements = 1024

    private var cuts = [Cut?](repeating: nil, count: slots)
    private var measured = [Measured?](repeating: nil, count: slots)

    static let shared = Mutex(TrimMemo())

    /// The slot of a storage address (16-byte aligned) mixed with `extra`: a Fibonacci hash's top bits.
    @inline(__always) static func slot(_ storage: UInt, _ extra: UInt64 = 0) -> Int {
        let h = (UInt64(truncatingIfNeeded: storage) ^ (extra &* 0xC2B2_AE3D_27D4_EB4F)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> 56) & (slots - 1)
    }

    @inline(__always) static func cutSlot(_ storage: UInt, _ f0: UInt64, _ f1: UInt64) -> Int {
        slot(storage, f0 ^ (f1 &* 0x1656_67B1_9E37_79F9))
    }

    /// The kept cut of `path` between the clamped fractions `f0` < `f1`.
    func cut(_ path: Path, _ f0: Double, _ f1: Double) -> Path? {
        let storage = path.storageIdentity, b0 = f0.bitPattern, b1 = f1.bitPattern
        guard let c = cuts[Self.cutSlot(storage, b0, b1)], c.from == b0, c.to == b1,
              c.count == path.elements.count, c.path.storageIdentity == storage else { return nil }
        return c.result
    }

    mutating func storeCut(_ path: Path, _ f0: Double, _ f1: Double, _ result: Path) {
        let count = path.elements.count
        guard count <= Self.maxElements else { return }
        let storage = path.storageIdentity, b0 = f0.bitPattern, b1 = f1.bitPattern
        cuts[Self.cutSlot(storage, b0, b1)] = Cut(path: path, count: count, from: b0, to: b1, result: result)
    }

    /// The kept measurement of `path`.
    func subpaths(of path: Path) -> [MeasuredSubpath]? {
        let storage = path.storageIdentity
        guard let m = measured[Self.slot(storage)], m.count == path.elements.count,
              m.path.storageIdentity == storage else { return nil }
        return m.subpaths
    }

    mutating func storeSubpaths(_ path: Path, _ subs: [MeasuredSubpath]) {
        let count = path.elements.count
        guard count <= Self.maxElements else { return }
        measured[Self.slot(path.storageIdentity)] = Measured(path: path, count: count, subpaths: subs)
    }
}
