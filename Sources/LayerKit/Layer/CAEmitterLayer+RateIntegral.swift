// Births under an animated birth rate. "The birth rate of each cell is multiplied by this
// number to give the actual number of particles created every second" (CAEmitterLayer.h,
// birthRate): particles are created at the rate the layer shows, so while a CABasicAnimation
// (or any animation) runs on `birthRate` or `emitterCells.NAME.birthRate` the n-th particle of
// a cell is born where the running integral of the presentation rate, cell × layer, from the
// cell's start reaches n, and keeps that birth from frame to frame. The integral is kept per
// cell on a fixed grid of the layer's local time (`step`): at every node the presentation
// rates are evaluated — the model's rate as it was then (its remembered changes, see
// EmitterBirthRateHistory.swift) with the birth-rate animations applied at that time — and
// summed by the trapezoid rule, so between two nodes the rate is linear and the integral a
// quadratic, exact for a linear ramp; a birth inside a step solves that quadratic. The sums
// depend on the time alone (the same nodes in the same order at any frame rate, and `render`
// at T gives the same sums whether T is reached in one step or many). They are kept
// incrementally: each frame computes only the nodes it newly reaches; every `spacing` nodes
// the sums are remembered, and when time goes backwards (or a frame needs births before the
// kept nodes) the nodes are recomputed from the nearest remembered sums before it.
// Once an emitter's rate has been animated its cells stay on the integral, so the births made
// during the animation keep their times after it ends. Bounded: at most `maximumNodes` nodes
// are kept (particles born more than half that before now are left out, as the oldest are
// beyond `maximumParticles`); at most `maximumMarks` remembered sums (past it every other one
// goes and the spacing doubles, so a run of any length keeps a few hundred kilobytes); one
// frame extends the integral by at most `maximumJump` seconds (played frame by frame it goes
// on without end; a single frame far ahead — a render at a distant time — emits nothing past
// that hour, since reaching it would mean integrating the whole way).

/// The running integral of an emitter's presentation birth rates, per cell.
final class EmitterRateIntegral {
    /// The grid step in local seconds.
    static let step = 1.0 / 240
    /// Nodes kept at most (per cell); births older than half of it are left out.
    static let maximumNodes = 1 << 16
    /// Remembered sums kept at most (per cell), by default.
    static let maximumMarks = 4_096
    /// Local seconds one call may add to the integral past its last node, by default.
    static let maximumJump = 3_600.0
    /// Local times are clamped to this before they index the grid (node numbers stay Ints).
    static let maximumTime = 1e12

    /// Nodes between two remembered sums: 256, doubled each time the marks are thinned.
    private(set) var spacing = 256

    /// The model's cells, depth first, when the integral began (their identities).
    let cells: [ObjectIdentifier]
    /// Cell count (the stride of the node arrays).
    let m: Int
    /// The node index of the first kept node.
    private(set) var first = 0
    /// Kept nodes: rate and integral per cell, node-major (node − first) · m + cell.
    private var rates: [Double] = []
    private var sums: [Double] = []
    /// The sums at nodes j · markSpacing, for j up to the last node computed.
    private var marks: [Double] = []
    /// Integrals at times before the kept nodes (a cell's begin time), by time.
    private var early: [Double: [Double]] = [:]
    private let sampler: EmitterRateSampler
    /// Remembered sums kept at most per cell; nodes one call may add.
    let maximumMarks: Int
    let maximumJumpNodes: Int

    init(model: CAEmitterLayer, cells: [CAEmitterCell],
         maximumMarks: Int = maximumMarks, maximumJump: Double = maximumJump) {
        self.cells = cells.map(ObjectIdentifier.init)
        m = cells.count
        sampler = EmitterRateSampler(model: model)
        self.maximumMarks = max(2, maximumMarks)
        maximumJumpNodes = max(1, Int(saturating: (maximumJump / Self.step).rounded()))
    }

    /// The index of the last kept node (first − 1 when none).
    private var last: Int { first + rates.count / max(1, m) - 1 }

    /// Makes the kept nodes reach from the node of `lo` (clamped so that at most half of
    /// `maximumNodes` lie before `hi`) through the node after `hi`.
    func cover(from lo: Double, to hi: Double) {
        guard m > 0 else { return }
        let h = Self.step
        let top = Int(saturating: (min(max(hi, 0), Self.maximumTime) / h).rounded(.down)) + 1
        let bottom = max(0, Int(saturating: (max(lo, 0) / h).rounded(.down)), top - Self.maximumNodes / 2)
        if rates.isEmpty || bottom < first || bottom > last {
            restart(at: bottom)
        }
        reach(top)
    }

    /// The earliest local time the kept nodes answer.
    var coveredStart: Double { Double(first) * Self.step }

    /// ∫ rate of cell `i` from local time 0 to `t` (clamped to the covered span's end).
    func integral(_ i: Int, to t: Double) -> Double {
        guard t > 0, m > 0 else { return 0 }
        let h = Self.step
        var k = Int(saturating: (min(t, Self.maximumTime) / h).rounded(.down))
        if k < first { return earlyIntegral(i, to: t) }
        reach(k + 1)
        k = min(k, last - 1)
        let j = (k - first) * m + i
        let r0 = rates[j], r1 = rates[j + m]
        let s = min(h, max(0, t - Double(k) * h))
        return sums[j] + r0 * s + (r1 - r0) * s * s / (2 * h)
    }

    /// The local time where the integral of cell `i` reaches `target` (within the kept
    /// nodes); infinity when it does not there.
    func time(_ i: Int, reaching target: Double) -> Double {
        guard m > 0, rates.count >= 2 * m else { return .infinity }
        let n = rates.count / m
        guard target <= sums[(n - 1) * m + i] else { return .infinity }
        // The first step whose end reaches the target.
        var lo = 0, hi = n - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if sums[mid * m + i] >= target { hi = mid } else { lo = mid + 1 }
        }
        let k = max(0, lo - 1)
        let j = k * m + i
        let h = Self.step, r0 = rates[j], r1 = rates[j + m]
        let need = max(0, target - sums[j])
        // r0·s + (r1 − r0)/(2h)·s² = need, the root in [0, h].
        let a = (r1 - r0) / (2 * h)
        var s: Double
        if a == 0 {
            s = r0 > 0 ? need / r0 : 0
        } else {
            let disc = max(0, r0 * r0 + 4 * a * need)
            let d = r0 + disc.squareRoot()
            s = d > 0 ? 2 * need / d : 0
        }
        s = min(h, max(0, s))
        return Double(first + k) * h + s
    }

    /// Drops the kept nodes and computes from the remembered sums at or before node `k`.
    private func restart(at k: Int) {
        let j = min(k / spacing, marks.count / max(1, m) - 1)
        rates.removeAll(keepingCapacity: true); sums.removeAll(keepingCapacity: true)
        if j < 0 {
            first = 0
            appendNode(0, sums: [Double](repeating: 0, count: m))
        } else {
            first = j * spacing
            appendNode(first, sums: Array(marks[j * m ..< (j + 1) * m]))
        }
    }

    /// Computes nodes after the last kept one up to node `k`, at most `maximumJumpNodes`.
    private func reach(_ k: Int) {
        if rates.isEmpty { restart(at: 0) }
        if k > last { extend(to: min(k, last + maximumJumpNodes)) }
    }

    /// Computes nodes after the last kept one up to node `k`.
    private func extend(to k: Int) {
        let h = Self.step
        let animations = sampler.birthRateAnimations()
        var now = [Double](repeating: 0, count: m)
        var node = last
        rates.reserveCapacity(rates.count + (k - node) * m); sums.reserveCapacity(sums.count + (k - node) * m)
        while node < k {
            node += 1
            sampler.rates(atLocalTime: Double(node) * h, animations: animations, into: &now)
            let base = rates.count - m
            for i in 0..<m {
                rates.append(now[i])
                sums.append(sums[base + i] + (rates[base + i] + now[i]) * h / 2)
            }
            if node % spacing == 0, node / spacing * m == marks.count {
                marks.append(contentsOf: sums[(sums.count - m)...])
                if marks.count / m > maximumMarks { thinMarks() }
            }
            if rates.count / m > Self.maximumNodes {
                // The older half goes (a frame needs at most the newer half).
                let drop = Self.maximumNodes / 2
                rates.removeFirst(drop * m); sums.removeFirst(drop * m)
                first += drop
            }
        }
    }

    /// Keeps every other remembered sum (those at even multiples of the spacing), doubling it.
    private func thinMarks() {
        var kept: [Double] = []
        kept.reserveCapacity(marks.count / 2 + m)
        for j in stride(from: 0, to: marks.count / m, by: 2) { kept.append(contentsOf: marks[j * m ..< (j + 1) * m]) }
        marks = kept
        spacing *= 2
    }

    /// Appends node `k` with its sums, evaluating its rates.
    private func appendNode(_ k: Int, sums s: [Double]) {
        var r = [Double](repeating: 0, count: m)
        sampler.rates(atLocalTime: Double(k) * Self.step, animations: sampler.birthRateAnimations(), into: &r)
        rates.append(contentsOf: r); sums.append(contentsOf: s)
        if k % spacing == 0, k / spacing * m == marks.count { marks.append(contentsOf: s) }
    }

    /// ∫ rate of cell `i` from 0 to `t`, `t` before the kept nodes: replayed from the
    /// remembered sums before it, without disturbing the kept nodes (remembered by time).
    private func earlyIntegral(_ i: Int, to t: Double) -> Double {
        if let v = early[t] { return v[i] }
        let h = Self.step
        let k = Int(saturating: (t / h).rounded(.down))
        let j = min(k / spacing, marks.count / m - 1)
        guard j >= 0 else { return 0 }
        let animations = sampler.birthRateAnimations()
        var node = j * spacing
        var s = Array(marks[j * m ..< (j + 1) * m])
        var r = [Double](repeating: 0, count: m), next = r
        sampler.rates(atLocalTime: Double(node) * h, animations: animations, into: &r)
        while node < k {
            node += 1
            sampler.rates(atLocalTime: Double(node) * h, animations: animations, into: &next)
            for c in 0..<m { s[c] += (r[c] + next[c]) * h / 2 }
            swap(&r, &next)
        }
        sampler.rates(atLocalTime: Double(k + 1) * h, animations: animations, into: &next)
        let x = min(h, max(0, t - Double(k) * h))
        var out = s
        for c in 0..<m { out[c] = s[c] + r[c] * x + (next[c] - r[c]) * x * x / (2 * h) }
        if early.count >= 64 { early.removeAll() }
        early[t] = out
        return out[i]
    }
}

/// Evaluates an emitter's presentation birth rates (cell × layer, per cell depth first) at
/// a local time: a scratch copy of the model layer gets the model's rates as they were then,
/// then the birth-rate animations applied at that time.
struct EmitterRateSampler {
    unowned(unsafe) let model: CAEmitterLayer
    let scratch: CAEmitterLayer
    /// The scratch copy's cells and the model's, depth first, in the same order.
    let scratchCells: [CAEmitterCell]
    let modelCells: [CAEmitterCell]

    init(model: CAEmitterLayer) {
        self.model = model
        let context = CAAnimationContext.current
        context.applyingDepth += 1
        let copy = type(of: model).init(layer: model)
        copy.modelLayer = model
        copy.emitterCells = model.emitterCells?.map { $0.presentationCopy() }
        copy.ownsCellCopies = true
        context.applyingDepth -= 1
        scratch = copy
        scratchCells = CAEmitterLayer.cellsDepthFirst(copy.emitterCells)
        modelCells = CAEmitterLayer.cellsDepthFirst(model.emitterCells)
    }

    /// The model's animations of a birth rate, in the order added.
    func birthRateAnimations() -> [CAAnimation] {
        model.animationStore.compactMap { CAEmitterLayer.animatesBirthRate($0.animation) ? $0.animation : nil }
    }

    /// The rate of every cell at local time `t` into `out` (one entry per cell), with
    /// `animations` (the model's birth-rate animations) applied.
    func rates(atLocalTime t: Double, animations: [CAAnimation], into out: inout [Double]) {
        let context = CAAnimationContext.current
        context.applyingDepth += 1
        defer { context.applyingDepth -= 1 }
        scratch.birthRate = model.birthRateHistory.rate(at: t, current: model.birthRate, of: model)
        for (s, c) in zip(scratchCells, modelCells) {
            s.birthRate = c.birthRateHistory.rate(at: t, current: c.birthRate, of: model)
        }
        for a in animations {
            a.apply(atParentTime: (!a.engineCommitted && a.beginTime == 0) ? 0 : t, to: scratch, isTopLevel: true)
        }
        let layerRate = scratch.birthRate
        for (i, c) in scratchCells.enumerated() {
            let r = c.birthRate * layerRate
            out[i] = r.isFinite && r > 0 ? r : 0
        }
    }
}

extension BirthRateHistory {
    /// The rate that held at `layer`'s local time `t`: the first remembered change after it,
    /// else `current`.
    func rate(at t: Double, current: Double, of layer: CALayer) -> Double {
        for c in changes where layer.convertTime(c.until, from: nil) > t { return c.rate }
        return current
    }
}

extension CAEmitterLayer {
    /// `cells` and their sub-cells, depth first, to `maximumCellDepth`.
    static func cellsDepthFirst(_ cells: [CAEmitterCell]?, depth: Int = 1) -> [CAEmitterCell] {
        guard depth <= maximumCellDepth else { return [] }
        var out: [CAEmitterCell] = []
        for c in cells ?? [] {
            out.append(c)
            out.append(contentsOf: cellsDepthFirst(c.emitterCells, depth: depth + 1))
        }
        return out
    }

    /// Whether `a` animates the layer's or a cell's birth rate (a group, through a member).
    static func animatesBirthRate(_ a: CAAnimation) -> Bool {
        if let p = a as? CAPropertyAnimation, let k = p.keyPath {
            return k == "birthRate" || (k.hasPrefix("emitterCells.") && k.hasSuffix(".birthRate"))
        }
        if let g = a as? CAAnimationGroup { return (g.animations ?? []).contains(where: animatesBirthRate) }
        return false
    }

    /// The model's integral of presentation birth rates, begun the first time a birth-rate
    /// animation is seen and kept while the cells stay the same; nil while none was seen.
    func rateIntegral() -> EmitterRateIntegral? {
        let model = model() as? CAEmitterLayer ?? self
        let animated = model.animationStore.contains { Self.animatesBirthRate($0.animation) }
        // (An emitter whose rate was never animated pays for this test alone.)
        guard animated || model.keptRateIntegral != nil else { return nil }
        let cells = Self.cellsDepthFirst(model.emitterCells)
        if let kept = model.keptRateIntegral, kept.cells.elementsEqual(cells.map(ObjectIdentifier.init)) { return kept }
        guard animated else {
            model.keptRateIntegral = nil
            return nil
        }
        let integral = EmitterRateIntegral(model: model, cells: cells)
        model.keptRateIntegral = integral
        return integral
    }
}

/// How one cell's births are timed in one evaluation: a constant rate (start + n / rate), the
/// remembered piecewise-constant rates, or the integral of the animated presentation rate.
enum EmissionTiming {
    case constant(Double)
    case schedule(EmissionSchedule)
    case integral(EmitterRateIntegral, cell: Int)

    /// Particles due from `start` to `t` (0 when t ≤ start).
    func emitted(from start: Double, to t: Double) -> Double {
        switch self {
        case .constant(let rate): return (t - start) * rate
        case .schedule(let s): return s.emitted(from: start, to: t)
        case let .integral(g, i): return t > start ? g.integral(i, to: t) - g.integral(i, to: start) : 0
        }
    }

    /// When the `n`-th particle from `start` is born (infinity when never).
    func birth(_ n: Double, from start: Double) -> Double {
        switch self {
        case .constant(let rate): return start + n / rate
        case .schedule(let s): return s.birth(n, from: start)
        case let .integral(g, i): return g.time(i, reaching: g.integral(i, to: start) + n)
        }
    }
}
