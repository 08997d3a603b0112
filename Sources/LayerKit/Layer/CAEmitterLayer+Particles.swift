// The particles an emitter layer shows at one instant of its local time, computed from that
// time alone. A cell with birth rate R (times the layer's) emits its n-th particle at
// t₀ + n / R, t₀ its beginTime after its source starts (the layer at local time 0, or, for a
// sub-cell, its parent particle's birth), for its duration or as long as the source lives. Every random choice of the n-th particle
// — lifetime, speed, direction, scale, spin, colour, birth point on the shape — comes from a
// counter-based generator keyed by the layer's seed, the cell's place in the cell tree and n
// (SplitMix64's finalizer), so no state carries from one frame to the next and any frame rate
// shows the same particles at the same time. A particle then moves ballistically:
// p(a) = p₀ + v₀·a + ½·g·a² at age a. A value with mean M and range R is drawn evenly from
// [M − R/2, M + R/2], as Core Animation documents for `seed`. Only particles born within the
// longest possible lifetime (with their offspring's) before now are visited, and at most
// `CAEmitterLayer.maximumParticles` of them, the newest. A birth rate changed while running
// moves only the births after the change (EmitterBirthRateHistory.swift); an animated one
// places them on the integral of the presentation rate (CAEmitterLayer+RateIntegral.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One particle as shown at an instant, in the emitter layer's coordinates.
struct EmitterParticle {
    /// The cell that emitted it.
    unowned(unsafe) var cell: CAEmitterCell
    var x: Double, y: Double, z: Double
    /// Scale of the cell's image and rotation (radians, clockwise on a y-down screen).
    var scale: Double, angle: Double
    var color: Color
    /// Local time of its birth.
    var birth: Double
}

extension CAEmitterLayer {
    /// The particles shown at local time `t`, in render order (`renderMode`).
    public func particleCount(atLocalTime t: Double) -> Int { particles(atLocalTime: t).count }

    /// The particles shown at local time `t`, in render order (`renderMode`).
    func particles(atLocalTime t: Double) -> [EmitterParticle] {
        guard t.isFinite, t >= 0, let cells = emitterCells, !cells.isEmpty else { return [] }
        var run = EmitterRun(layer: self, now: t)
        if let integral = rateIntegral() {
            // This layer's cells (a presentation copy's own copies, or the model's) in the
            // integral's depth-first order.
            let mine = Self.cellsDepthFirst(cells)
            if mine.count == integral.m {
                for (i, c) in mine.enumerated() where run.cellIndex[ObjectIdentifier(c)] == nil {
                    run.cellIndex[ObjectIdentifier(c)] = i
                }
                run.integral = integral
                integral.cover(from: t - (cells.map { run.reach($0, depth: 1) }.max() ?? 0), to: t)
            }
        }
        for (i, cell) in cells.enumerated() {
            run.emit(cell, key: EmitterRun.mix(UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15, UInt64(i)),
                     source: .layer, depth: 1)
        }
        var out = run.particles
        switch renderMode {
        case .unordered, .additive: break
        case .oldestFirst: out.sort { $0.birth < $1.birth }
        case .oldestLast: out.sort { $0.birth > $1.birth }
        case .backToFront: out.sort { $0.z < $1.z }
        }
        return out
    }

    /// The particles this layer shows in the list `builder` is building (a presentation copy
    /// at its time; a model layer at the context's presentation time), computed once a build.
    func shownParticles(for builder: DisplayListBuilder) -> [EmitterParticle] {
        let id = ObjectIdentifier(builder)
        if let s = shownParticles, s.builder == id, s.build == builder.buildNumber { return s.particles }
        let time = presentationTime ?? CAAnimationContext.current.presentationTime
        let p = particles(atLocalTime: model().convertTime(time, from: nil))
        shownParticles = (id, builder.buildNumber, p)
        markShown()
        return p
    }

    /// Marks the model layer and its cells as shown: rate changes are remembered from now on.
    private func markShown() {
        guard let m = model() as? CAEmitterLayer, !m.hasEmitted || !(m.emitterCells ?? []).allSatisfy(\.hasEmitted) else { return }
        m.hasEmitted = true
        func mark(_ cells: [CAEmitterCell]?, _ depth: Int) {
            guard depth <= CAEmitterLayer.maximumCellDepth else { return }
            for c in cells ?? [] { c.hasEmitted = true; mark(c.emitterCells, depth + 1) }
        }
        mark(m.emitterCells, 1)
    }

    /// Whether any cell can emit: an emitter that may show particles
    /// (or, its rate now zero, has emitted before or had its rate animated: those particles
    /// live on).
    var canEmit: Bool {
        let m = model() as? CAEmitterLayer
        let animated = m?.keptRateIntegral != nil
        let emitted = !(m?.birthRateHistory.changes.isEmpty ?? true) || animated
        return (birthRate > 0 || emitted) && lifetime > 0
            && (emitterCells ?? []).contains {
                $0.isEnabled && ($0.birthRate > 0 || !$0.birthRateHistory.changes.isEmpty || animated)
            }
    }
}

/// One evaluation of an emitter at one instant.
struct EmitterRun {
    /// Where a cell's particles come from: the layer's shape, or a parent particle (its
    /// birth time, lifetime, start point, velocity, acceleration, scale and colour).
    enum Source {
        case layer
        case particle(birth: Double, life: Double, p0: (Double, Double, Double), v0: (Double, Double, Double),
                      g: (Double, Double, Double), scale: Double, color: Color)
    }

    unowned(unsafe) let layer: CAEmitterLayer
    let now: Double
    var particles: [EmitterParticle] = []
    /// Candidates still allowed this frame.
    var budget = CAEmitterLayer.maximumParticles
    /// The integral of the animated birth rates, once the emitter's rate has been animated,
    /// and each cell's place in it (CAEmitterLayer+RateIntegral.swift).
    var integral: EmitterRateIntegral?
    var cellIndex: [ObjectIdentifier: Int] = [:]

    init(layer: CAEmitterLayer, now: Double) { self.layer = layer; self.now = now }

    /// The longest a particle of `cell` or any of its offspring can outlive its birth.
    func reach(_ cell: CAEmitterCell, depth: Int) -> Double {
        let life = max(0, (cell.lifetime + cell.lifetimeRange / 2) * layer.lifetime)
        guard depth < CAEmitterLayer.maximumCellDepth, let subs = cell.emitterCells else { return life }
        return life + (subs.filter(\.isEnabled).map { reach($0, depth: depth + 1) }.max() ?? 0)
    }

    mutating func emit(_ cell: CAEmitterCell, key: UInt64, source: Source, depth: Int) {
        guard cell.isEnabled, budget > 0 else { return }
        let rate = cell.birthRate * layer.birthRate
        let model = layer.model()
        let timing: EmissionTiming
        var earliest = -Double.infinity
        if let integral, let i = cellIndex[ObjectIdentifier(cell)] {
            timing = .integral(integral, cell: i)
            earliest = integral.coveredStart
        } else if let schedule = EmissionSchedule(cell: cell, layer: layer, local: { model.convertTime($0, from: nil) }) {
            timing = .schedule(schedule)
        } else {
            guard rate > 0 && rate.isFinite else { return }
            timing = .constant(rate)
        }
        let variable: Bool
        if case .constant = timing { variable = false } else { variable = true }
        var start: Double, end: Double
        switch source {
        case .layer: start = 0; end = .infinity
        case let .particle(birth, life, _, _, _, _, _): start = birth; end = birth + life
        }
        start += cell.beginTime
        if cell.duration > 0 { end = min(end, start + cell.duration) }
        guard start.isFinite, start < end else { return }
        let reach = reach(cell, depth: depth)
        // Births at start + n / rate within [now − reach, min(now, end)).
        let hi = timing.emitted(from: start, to: min(now, end)).rounded(.down)
        let lo = max(0, timing.emitted(from: start, to: max(now - reach, earliest)).rounded(.up))
        guard hi.isFinite, lo.isFinite, hi >= lo, hi < 9e15 else { return }
        var first = Int64(lo)
        let last = Int64(hi)
        // Never more candidates than the budget: the newest are kept.
        if last - first + 1 > Int64(budget) { first = last - Int64(budget) + 1 }
        budget -= Int(last - first + 1)
        let image = cell.particleImage() != nil
        for n in first...last {
            let birth = timing.birth(Double(n), from: start)
            if birth >= end || (variable && !(birth <= now)) { continue }
            var r = EmitterRandom(Self.mix(key, UInt64(bitPattern: n)))
            let life = max(0, (cell.lifetime + cell.lifetimeRange * r.centred()) * layer.lifetime)
            let speed = (cell.velocity + cell.velocityRange * r.centred()) * layer.velocity
            let longitude = cell.emissionLongitude + cell.emissionRange * r.centred()
            let scaleMean = cell.scale + cell.scaleRange * r.centred()
            let spin = (cell.spin + cell.spinRange * r.centred()) * layer.spin
            var color = cell.color ?? .white
            color = Color(Self.unit(color.r + cell.redRange * r.centred()), Self.unit(color.g + cell.greenRange * r.centred()),
                          Self.unit(color.b + cell.blueRange * r.centred()), Self.unit(color.a + cell.alphaRange * r.centred()))
            // Where and which way it starts, and what it inherits.
            var p0: (Double, Double, Double), heading = 0.0, inheritedScale = layer.scale, inheritedColor = Color.white
            switch source {
            case .layer:
                p0 = birthPoint(&r)
            case let .particle(pb, _, pp, pv, pg, ps, pc):
                let a = birth - pb
                p0 = (pp.0 + pv.0 * a + 0.5 * pg.0 * a * a, pp.1 + pv.1 * a + 0.5 * pg.1 * a * a,
                      pp.2 + pv.2 * a + 0.5 * pg.2 * a * a)
                let vx = pv.0 + pg.0 * a, vy = pv.1 + pg.1 * a
                heading = vx == 0 && vy == 0 ? 0 : atan2(vy, vx)
                inheritedScale = ps
                inheritedColor = pc
            }
            let direction = heading + longitude, latitude = cell.emissionLatitude
            let v0 = (speed * cos(latitude) * cos(direction), speed * cos(latitude) * sin(direction), speed * sin(latitude))
            let g = (cell.xAcceleration, cell.yAcceleration, cell.zAcceleration)
            let age = now - birth
            if age < life, image {
                let c = Color(Self.unit(color.r + cell.redSpeed * age) * inheritedColor.r,
                              Self.unit(color.g + cell.greenSpeed * age) * inheritedColor.g,
                              Self.unit(color.b + cell.blueSpeed * age) * inheritedColor.b,
                              Self.unit(color.a + cell.alphaSpeed * age) * inheritedColor.a)
                let s = (scaleMean + cell.scaleSpeed * age) * inheritedScale
                if c.a > 0, s > 0, s.isFinite {
                    particles.append(EmitterParticle(
                        cell: cell, x: p0.0 + v0.0 * age + 0.5 * g.0 * age * age,
                        y: p0.1 + v0.1 * age + 0.5 * g.1 * age * age, z: p0.2 + v0.2 * age + 0.5 * g.2 * age * age,
                        scale: s, angle: spin * age, color: c, birth: birth))
                }
            }
            if let subs = cell.emitterCells, depth < CAEmitterLayer.maximumCellDepth, life > 0 {
                // The sub-cells inherit the scale and colour the particle is born with.
                let parent = Source.particle(birth: birth, life: life, p0: p0, v0: v0, g: g,
                                             scale: scaleMean * inheritedScale,
                                             color: Color(color.r * inheritedColor.r, color.g * inheritedColor.g,
                                                          color.b * inheritedColor.b, color.a * inheritedColor.a))
                for (j, sub) in subs.enumerated() {
                    emit(sub, key: Self.mix(Self.mix(key, UInt64(bitPattern: n)), 0x5EED_0000 &+ UInt64(j)),
                         source: parent, depth: depth + 1)
                }
            }
        }
    }

    /// A birth point on the layer's emitter shape, as `emitterMode` says (three draws).
    func birthPoint(_ r: inout EmitterRandom) -> (Double, Double, Double) {
        let c = layer.emitterPosition, z0 = layer.emitterZPosition
        let w = layer.emitterSize.width, h = layer.emitterSize.height, d = layer.emitterDepth
        let u1 = r.next(), u2 = r.next(), u3 = r.next()
        let outline = layer.emitterMode == .outline
        switch layer.emitterShape {
        case .point:
            return (c.x, c.y, z0)
        case .line:
            // "along a line from (emitterPosition.x - emitterSize.width/2, emitterPosition.y,
            // emitterZPosition) to (emitterPosition.x + emitterSize.width/2, …)"
            return (c.x + w * (u1 - 0.5), c.y, z0)
        case .rectangle, .cuboid:
            if outline {
                let perimeter = 2 * (abs(w) + abs(h))
                guard perimeter > 0 else { return (c.x, c.y, z0) }
                var s = u1 * perimeter
                let x0 = c.x - w / 2, y0 = c.y - h / 2
                if s < abs(w) { return (x0 + s * (w < 0 ? -1 : 1), y0, z0) }
                s -= abs(w)
                if s < abs(h) { return (x0 + w, y0 + s * (h < 0 ? -1 : 1), z0) }
                s -= abs(h)
                if s < abs(w) { return (x0 + w - s * (w < 0 ? -1 : 1), y0 + h, z0) }
                s -= abs(w)
                return (x0, y0 + h - s * (h < 0 ? -1 : 1), z0)
            }
            let z = layer.emitterShape == .cuboid ? z0 + d * (u3 - 0.5) : z0
            return (c.x + w * (u1 - 0.5), c.y + h * (u2 - 0.5), z)
        case .circle:
            // "a circle centered at (emitterPosition.x, emitterPosition.y, emitterZPosition) of
            // radius emitterSize.width"
            let angle = 2 * Double.pi * u1, radius = outline ? w : w * u2.squareRoot()
            return (c.x + radius * cos(angle), c.y + radius * sin(angle), z0)
        case .sphere:
            let angle = 2 * Double.pi * u1
            if outline { return (c.x + w * cos(angle), c.y + w * sin(angle), z0) }
            let cz = 2 * u2 - 1, ring = (1 - cz * cz).squareRoot()
            let radius = layer.emitterMode == .surface ? w : w * cbrt(u3)
            return (c.x + radius * ring * cos(angle), c.y + radius * ring * sin(angle), z0 + radius * cz)
        }
    }

    /// `x` clamped to 0…1 (0 for NaN).
    @inline(__always) static func unit(_ x: Double) -> Double { x > 0 ? (x < 1 ? x : 1) : 0 }

    /// SplitMix64's finalizer of `a` combined with `b`: a well-mixed key from two.
    @inline(__always) static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var z = a &+ b &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A counter-based stream of uniform numbers for one particle (SplitMix64).
struct EmitterRandom {
    var state: UInt64
    init(_ key: UInt64) { state = key }
    /// Uniform in [0, 1).
    mutating func next() -> Double {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        return Double(EmitterRun.mix(state, 0) >> 11) * 0x1p-53
    }
    /// Uniform in [−½, ½): a range's share of its spread.
    mutating func centred() -> Double { next() - 0.5 }
}
