// Merge paths (shape item `mm`) in After Effects' reading. After Effects' Help ("Merge
// Paths options", After Effects CS3 User Guide p. 333): "The Merge Paths path operation takes
// all of the paths above it in the same group as input. The output is a single path that
// combines the input paths. The input paths … are essentially removed from the rendering of
// the shape layer". Its modes (`mm`): 1 Merge "merges all input paths into a single compound
// path" (the shapes joined, filled by the fill's rule); 2 Add "the union of the areas of the
// input paths"; 3 Subtract "only the areas defined by the topmost path, subtracting the area
// defined by underlying paths"; 4 Intersect "only the areas defined by intersections between
// all input paths"; 5 Exclude Intersections "the union … minus the areas defined by
// intersections". As Skottie does (`MergeGeometry`: the first path, then each next one
// combined with the mode), the inputs are combined in list order, top first: Subtract is
// the first path less each of the others, Exclude Intersections a running exclusive or.
// Each input is read under the nonzero rule (Skia's default for Lottie paths).
//
// So a merge consumes the shapes listed before it in its group — with the path operations
// between them and the merge applied first (path operations run top to bottom), and the
// groups before it, their paths placed by the groups' transforms, each path its own input
// (as Skottie's shape builder hands a group's transformed geometries up to its parent) — and stands in
// their place as one shape: the fills and strokes after it paint it; those between the
// inputs and the merge paint nothing of them. Animated inputs are merged frame by frame
// through the track's sampling (`LottieShapeTrack.sampled`). The boolean operation is
// Raster's `PathOps` (flattened at 0.05 composition units: a polygon result, except that an
// intersection cutting nothing from its topmost input is that input as drawn); past its
// limits the inputs are drawn joined and the import says so once. lottie-web exports but does
// not draw merge paths; lottie-ios's Core Animation engine does not either, so the iOS
// reading keeps drawing the shapes unmerged and reports it.
import LayerKit
import Raster

struct LottieMergePaths {
    /// Original item indices a merge consumed: the builder draws and paints none of them.
    var consumed: Set<Int> = []
    /// The merged shape standing at each merge's index.
    var tracks: [Int: LottieShapeTrack] = [:]

    /// The flattening tolerance of merged shapes, in composition units.
    static let tolerance = 0.05
    /// The most input path elements (a curve weighing 8: it flattens to several segments) one
    /// import's merges may combine, over all their frames: an animated merge runs the boolean
    /// operation once a sampled frame. Past it a merge draws its inputs joined, said once.
    static let maximumWork = 20_000_000

    /// The boolean operation of a merge mode (nil for 1, Merge: the inputs joined).
    static func operation(_ mode: Int) -> PathBooleanOperation? {
        switch mode {
        case 2: return .union
        case 3: return .difference
        case 4: return .intersection
        case 5: return .symmetricDifference
        default: return nil
        }
    }

    /// No merges (the iOS reading, or a list without `mm`).
    init() {}

    /// The merges of one shape list (`items`), resolved in list order.
    init(_ items: [LottieShapeItem], rounding: LottieProperty<[Double]>?, reading: LottieReading,
         warnings: LottieWarnings, counter: LottieLayerCounter, layerName: String, depth: Int) throws(DocumentError) {
        guard items.contains(where: { if case .merge = $0 { return true }; return false }) else { return }
        /// Indices not yet consumed that a merge would take (shapes, groups, earlier merges).
        var inputs: [Int] = []
        for (j, item) in items.enumerated() {
            switch item {
            case .path, .rect, .ellipse, .star, .group:
                inputs.append(j)
            case .merge(let mode):
                var operands: [Operand] = []
                for c in inputs {
                    let between = Self.modifiers(items, from: c, to: j)
                    if let t = tracks[c] {
                        operands.append(Operand(t.modified(by: between)))
                    } else if case .group(_, let sub) = items[c] {
                        let parts = try Self.groupOperands(sub, rounding: rounding, reading: reading, warnings: warnings,
                                                           counter: counter, layerName: layerName, depth: depth + 1)
                        operands.append(contentsOf: parts.map { $0.modified(by: between) })
                    } else if let t = LottieShapeTrack.of(items[c], rounding: rounding, spatialPositions: true) {
                        operands.append(Operand(t.modified(by: between)))
                    }
                }
                consumed.formUnion(inputs)
                tracks[j] = Self.merged(operands, mode: mode, warnings: warnings, counter: counter, layerName: layerName)
                inputs = [j]
            default:
                break
            }
        }
    }

    /// The path operations listed strictly between positions `from` and `to`.
    static func modifiers(_ items: [LottieShapeItem], from: Int, to: Int) -> [LottieShapeModifier] {
        guard from + 1 < to else { return [] }
        return items[(from + 1)..<to].compactMap { if case .modifier(let m) = $0 { return m }; return nil }
    }

    /// One input of a merge: its paths at a frame, and whether they ever change.
    struct Operand {
        var changes: Bool
        var value: (Double) -> Path

        init(changes: Bool, value: @escaping (Double) -> Path) { self.changes = changes; self.value = value }
        init(_ t: LottieShapeTrack) {
            if case .constant(let s) = t {
                let p = s.path
                self.init(changes: false) { _ in p }
            } else {
                self.init(changes: true) { t.value(at: $0).path }
            }
        }

        /// The operand reshaped by path operations (as a track's shapes are).
        func modified(by modifiers: [LottieShapeModifier]) -> Operand {
            guard !modifiers.isEmpty else { return self }
            let base = self
            return Operand(changes: changes || modifiers.contains(where: \.changesOverTime)) { f in
                var shapes: [LottieBezier] = []
                Self.polygons(base.value(f)) { shapes.append($0) }
                return modifiers.reduce(LottieShapeSet(shapes)) { $1.apply($0, at: f) }.path
            }
        }

        /// Each subpath of `p` as a Lottie bezier (curves kept as their cubic tangents).
        static func polygons(_ p: Path, _ body: (LottieBezier) -> Void) {
            var v: [Point] = [], i: [Point] = [], o: [Point] = []
            var closed = false
            func flush() {
                if !v.isEmpty { body(LottieBezier(closed: closed, vertices: v, inTangents: i, outTangents: o)) }
                v = []; i = []; o = []; closed = false
            }
            for e in p.elements {
                switch e {
                case .move(let q): flush(); v = [q]; i = [Point(0, 0)]; o = [Point(0, 0)]
                case .line(let q): v.append(q); i.append(Point(0, 0)); o.append(Point(0, 0))
                case .quad(let c, let q):
                    guard let last = v.last else { continue }
                    o[o.count - 1] = (c - last) * (2.0 / 3.0)
                    v.append(q); i.append((c - q) * (2.0 / 3.0)); o.append(Point(0, 0))
                case .cubic(let c1, let c2, let q):
                    guard let last = v.last else { continue }
                    o[o.count - 1] = c1 - last
                    v.append(q); i.append(c2 - q); o.append(Point(0, 0))
                case .close:
                    if v.count > 1 && v[v.count - 1] == v[0] {
                        i[0] = i[i.count - 1]; v.removeLast(); i.removeLast(); o.removeLast()
                    }
                    closed = true
                    flush()
                }
            }
            flush()
        }
    }

    /// The merge of `operands` by `mode`, frame by frame once one of them moves.
    static func merged(_ operands: [Operand], mode: Int, warnings: LottieWarnings, counter: LottieLayerCounter,
                       layerName: String) -> LottieShapeTrack {
        let op = operation(mode)
        /// Set once the operation refuses a frame: the later frames are drawn joined at once.
        final class Refusal { var refused = false }
        let refusal = Refusal()
        func combine(_ f: Double) -> LottieShapeSet {
            let paths = operands.map { $0.value(f) }
            let work = paths.reduce(0) { n, p in
                n + p.elements.reduce(0) { m, e in
                    switch e { case .quad, .cubic: return m + 8; default: return m + 1 }
                }
            }
            var affordable = op != nil && !refusal.refused
            if affordable {
                counter.mergeWork += work
                if counter.mergeWork > maximumWork {
                    warnings.unsupported("merge paths past the import's limit of \(maximumWork) merged path elements (shapes drawn joined)", layer: layerName)
                    affordable = false
                }
            }
            var result: Path? = nil
            for p in paths {
                guard let r = result else { result = p; continue }
                guard let op, affordable else { var joined = r; joined.addPath(p); result = joined; continue }
                do {
                    result = try PathOps.combine(r, rule: .nonZero, op, p, rule: .nonZero, tolerance: tolerance)
                } catch {
                    warnings.unsupported("merge paths past the boolean operation's limits (shapes drawn joined)", layer: layerName)
                    refusal.refused = true
                    affordable = false
                    var joined = r; joined.addPath(p); result = joined
                }
            }
            // A single input of an operation is still normalized by its nonzero rule.
            if operands.count == 1, op != nil, affordable, let r = result {
                result = (try? PathOps.normalize(r, rule: .nonZero, tolerance: tolerance)) ?? r
            }
            // An intersection that cuts nothing from the topmost input is that input as drawn:
            // its own curves, start point and direction, so a trim after the merge runs along
            // the path the author drew, not along the boolean operation's polygon (which starts
            // anywhere). rlottie's cooking draws its lid so: a path intersected with a frame
            // larger than the composition, then trimmed.
            if op == .intersection, affordable, paths.count > 1, let r = result,
               let first = try? PathOps.normalize(paths[0], rule: .nonZero, tolerance: tolerance) {
                let a = area(first), b = area(r)
                if a > 0, abs(a - b) <= 1e-4 * a + 0.01 { result = paths[0] }
            }
            var shapes: [LottieBezier] = []
            Operand.polygons(result ?? Path()) { shapes.append($0) }
            return LottieShapeSet(shapes)
        }
        if !operands.contains(where: \.changes) { return .constant(combine(0)) }
        return .sampled(combine)
    }

    /// The area a polygon path (a boolean operation's output, its holes wound against its
    /// outlines) encloses: the shoelace sum over its contours, end points only.
    static func area(_ p: Path) -> Double {
        var sum = 0.0, start = Point(0, 0), last = Point(0, 0)
        for e in p.elements {
            switch e {
            case .move(let q): sum += last.x * start.y - start.x * last.y; start = q; last = q
            case .line(let q), .quad(_, let q), .cubic(_, _, let q): sum += last.x * q.y - q.x * last.y; last = q
            case .close: sum += last.x * start.y - start.x * last.y; last = start
            }
        }
        sum += last.x * start.y - start.x * last.y
        return abs(sum) / 2
    }

    /// The paths of a group that a merge takes: its own shapes (after its own merges and
    /// path operations), those of its groups, each placed by its transform and each its own
    /// input. A group hands its paths up one by one, as Skottie's shape builder pushes a
    /// group's transformed geometries into its parent's list ("Push transformed local
    /// geometries to parent list", `ShapeLayer.cpp`), never joined: joined under the nonzero
    /// rule, two opposite-wound copies of one square would cancel and take the whole group out
    /// of an intersection (rlottie's a_mountain: a circle intersected with such a group
    /// vanished, where the author saw the circle).
    static func groupOperands(_ items: [LottieShapeItem], rounding: LottieProperty<[Double]>?, reading: LottieReading,
                              warnings: LottieWarnings, counter: LottieLayerCounter, layerName: String,
                              depth: Int) throws(DocumentError) -> [Operand] {
        guard depth < LottieLimits.maximumNesting else {
            throw DocumentError("", "layer \"\(layerName)\": shape groups nested deeper than the limit \(LottieLimits.maximumNesting)")
        }
        var round = rounding
        for case .roundedCorners(let r) in items { round = r }
        let merges = try LottieMergePaths(items, rounding: round, reading: reading, warnings: warnings, counter: counter,
                                          layerName: layerName, depth: depth)
        var parts: [Operand] = []
        for (j, item) in items.enumerated() where !merges.consumed.contains(j) {
            let after = modifiers(items, from: j, to: items.count)
            if let t = merges.tracks[j] {
                parts.append(Operand(t.modified(by: after)))
            } else if case .group(_, let sub) = item {
                let inner = try groupOperands(sub, rounding: round, reading: reading, warnings: warnings, counter: counter,
                                              layerName: layerName, depth: depth + 1)
                parts.append(contentsOf: inner.map { $0.modified(by: after) })
            } else if let t = LottieShapeTrack.of(item, rounding: round, spatialPositions: true) {
                parts.append(Operand(t.modified(by: after)))
            }
        }
        var transform = LottieTransformModel()
        for case .transform(let t) in items { transform = t }
        let moves = !LottieTransformLayers.isConstant(transform, reading: reading)
        let fixed = LottieTransformLayers.constantMatrix(transform, reading: reading).affine
        return parts.map { part in
            Operand(changes: moves || part.changes) { f in
                part.value(f).applying(moves ? matrix(transform, at: f, reading: reading) : fixed)
            }
        }
    }

    /// A group transform's planar map at frame f: q ↦ position + R · Skew · S · (q − anchor)
    /// (`LottieTransformLayers.constantMatrix` with every value read at f; a position moves
    /// between its keyframes by their own easing, not along a motion path).
    static func matrix(_ t: LottieTransformModel, at f: Double, reading: LottieReading) -> AffineTransform {
        let a = LottieTransformLayers.point(t.anchor.value(at: f))
        var p = Point(0, 0)
        switch t.position {
        case .combined(let v): p = LottieTransformLayers.point(v.value(at: f))
        case .split(let x, let y): p = Point(x.value(at: f).first ?? 0, y.value(at: f).first ?? 0)
        }
        let (sx, sy) = LottieTransformLayers.scales(t.scale.value(at: f))
        let angle = (t.rotation.value(at: f).first ?? 0) * .pi / 180
        var m = CATransform3D.translation(-a.x, -a.y).concatenating(.scale(sx, sy))
        if reading.drawsAfterEffectsFeatures && t.hasSkew {
            m = m.concatenating(LottieTransformLayers.skewMatrix(t.skew?.value(at: f).first ?? 0, axis: t.skewAxis?.value(at: f).first ?? 0))
        }
        if angle != 0 { m = m.concatenating(.rotation(angle)) }
        return m.concatenating(.translation(p.x, p.y)).affine
    }
}
