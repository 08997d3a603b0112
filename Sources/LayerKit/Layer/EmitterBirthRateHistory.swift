// Birth-rate changes of a running emitter. Core Animation's particles keep what they were born
// with: a change of `birthRate` (the layer's or a cell's) changes how fast particles are
// created from then on, never when the particles already emitted were born nor how long they
// live. Since this emitter computes its particles from the time alone, a rate change made
// after the emitter has shown particles is remembered — the rate that held until then and
// when (media time) — and the births are placed on the integral of the piecewise-constant
// rate: the n-th particle of a cell is born where ∫ rate from the cell's start reaches n
// (while the rate is above zero). Without any remembered change that is start + n / rate,
// the formula of a constant rate. Changes made before the first frame (setting up) are not
// remembered. At most `maximumChanges` are kept, the oldest dropped first.

/// The earlier birth rates of an emitter layer or cell, each with the media time it held until.
struct BirthRateHistory {
    /// The most changes remembered.
    static let maximumChanges = 256
    /// (until, rate): `rate` held up to media time `until`; in the order made.
    private(set) var changes: [(until: Double, rate: Double)] = []

    /// Remembers that `old` held until now (the context's presentation time).
    mutating func record(_ old: Double) {
        if changes.count >= Self.maximumChanges { changes.removeFirst(changes.count - Self.maximumChanges + 1) }
        changes.append((CAAnimationContext.current.presentationTime, old.isFinite ? max(0, old) : 0))
    }
}

/// The combined rate (cell × layer) of one cell over the layer's local time, piecewise constant.
struct EmissionSchedule {
    /// (until, rate): `rate` holds from the previous piece's `until` up to this one's.
    private var pieces: [(until: Double, rate: Double)] = []
    /// The rate after the last piece.
    private var final: Double

    /// The schedule of `cell` in `layer`, its times converted by `local`; nil when neither
    /// remembers a change (the rate is constant: `cell.birthRate × layer.birthRate`).
    init?(cell: CAEmitterCell, layer: CAEmitterLayer, local: (Double) -> Double) {
        let model = layer.model() as? CAEmitterLayer ?? layer
        guard !cell.birthRateHistory.changes.isEmpty || !model.birthRateHistory.changes.isEmpty else { return nil }
        func converted(_ h: BirthRateHistory) -> [(until: Double, rate: Double)] {
            h.changes.map { (local($0.until), $0.rate) }.sorted { $0.until < $1.until }
        }
        let c = converted(cell.birthRateHistory), l = converted(model.birthRateHistory)
        func rate(_ list: [(until: Double, rate: Double)], before t: Double, current: Double) -> Double {
            list.first { $0.until >= t }?.rate ?? current
        }
        let cellNow = cell.birthRate, layerNow = layer.birthRate
        for t in (c.map(\.until) + l.map(\.until)).sorted() where t.isFinite {
            pieces.append((t, Self.clean(rate(c, before: t, current: cellNow) * rate(l, before: t, current: layerNow))))
        }
        final = Self.clean(cellNow * layerNow)
    }

    private static func clean(_ r: Double) -> Double { r.isFinite && r > 0 ? r : 0 }

    /// How many particles are due from `start` to `t` (∫ rate; 0 when t ≤ start).
    func emitted(from start: Double, to t: Double) -> Double {
        guard t > start else { return 0 }
        var sum = 0.0, a = start
        for p in pieces where p.until > a {
            let b = min(p.until, t)
            sum += p.rate * (b - a)
            a = b
            if a >= t { return sum }
        }
        return sum + final * (t - a)
    }

    /// When the `n`-th particle from `start` is born: where the integral reaches `n` while the
    /// rate is above zero; infinity when it never does.
    func birth(_ n: Double, from start: Double) -> Double {
        var sum = 0.0, a = start
        for p in pieces where p.until > a {
            let due = p.rate * (p.until - a)
            if p.rate > 0, n <= sum + due { return a + (n - sum) / p.rate }
            sum += due
            a = p.until
        }
        return final > 0 ? a + max(0, n - sum) / final : .infinity
    }
}
