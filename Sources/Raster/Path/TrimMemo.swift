// What `Path.trimmed` worked out lately, kept so that the same cut is not made twice: a trimmed
// stroke is cut once when its display item's bounds are found (CAShapeLayer's
// `strokedBounds`, display-list building) and again when the canvas strokes it, and a trim
// path animating along a fixed path (a Lottie trim path, strokeEnd keyframed) measures the
// same path every frame. Both are deterministic functions of the path's elements and the two
// fractions, so a kept answer is the answer, bit for bit.
//
// The path is known by its element storage, which the entry holds (as StrokeOutlineCache
// does): while an entry lives no other path can have that storage, and a holder that changes
// its path gets a copy of its own. Bounded: at most `maxEntries` cuts and as many measured
// paths of at most `maxElements` elements, each table emptied when full (the cuts of one frame are looked up within that frame).
// Shared by every canvas and thread (bands draw on two), behind a mutex.

import Synchronization

/// Recent `Path.trimmed` answers and path measurements (see the file header).
struct TrimMemo {
    struct CutKey: Hashable {
        let storage: UInt
        let count: Int
        let from: UInt64, to: UInt64
    }
    struct Cut {
        let path: Path
        let result: Path
    }
    struct Measured {
        let path: Path
        let subpaths: [MeasuredSubpath]
    }

    /// At most this many cuts and as many measured paths (of at most `maxElements` elements:
    /// some 15 MB of cuts and 25 MB of measurements at worst).
    static let maxEntries = 256
    /// Paths of more elements than this are not kept (their cut is rarer and larger).
    static let maxElements = 1024

    private var cuts: [CutKey: Cut] = [:]
    private var measured: [UInt: Measured] = [:]

    static let shared = Mutex(TrimMemo())

    /// The kept cut of `path` between the clamped fractions `f0` < `f1`.
    func cut(_ path: Path, _ f0: Double, _ f1: Double) -> Path? {
        let key = CutKey(storage: path.storageIdentity, count: path.elements.count, from: f0.bitPattern, to: f1.bitPattern)
        return cuts[key]?.result
    }

    mutating func storeCut(_ path: Path, _ f0: Double, _ f1: Double, _ result: Path) {
        guard path.elements.count <= Self.maxElements else { return }
        if cuts.count >= Self.maxEntries { cuts.removeAll(keepingCapacity: true) }
        let key = CutKey(storage: path.storageIdentity, count: path.elements.count, from: f0.bitPattern, to: f1.bitPattern)
        cuts[key] = Cut(path: path, result: result)
    }

    /// The kept measurement of `path`.
    func subpaths(of path: Path) -> [MeasuredSubpath]? {
        guard let m = measured[path.storageIdentity], m.path.elements.count == path.elements.count else { return nil }
        return m.subpaths
    }

    mutating func storeSubpaths(_ path: Path, _ subs: [MeasuredSubpath]) {
        guard path.elements.count <= Self.maxElements else { return }
        if measured.count >= Self.maxEntries { measured.removeAll(keepingCapacity: true) }
        measured[path.storageIdentity] = Measured(path: path, subpaths: subs)
    }
}
