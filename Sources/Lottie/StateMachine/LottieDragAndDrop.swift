// dotLottie's `DragAndDrop` interaction as LottieFiles' dotlottie-rs runs it
// (src/state_machine_engine/drag_and_drop.rs, path_drag.rs, the engine's manage_drag_and_drop,
// dnd_try_grab, dnd_resolve_drop, dnd_finalize, advance_drag_and_drop, manage_path_drag,
// advance_path_drag; docs/rfcs/0002-drag-and-drop-interaction.md). Each interaction is a small
// gesture machine beside the state machine, fed pointer positions in the animation's
// coordinates:
//
// Free mode (`slotId`, a Position slot): Idle → Held when a press hits the layer (not locked,
// its `stateName` current, the slot a static point): the pointer-to-object offset is kept, so
// the object does not jump onto the pointer; `onGrab` runs. Each move writes pointer + offset
// into the slot — inside `boundaryLayerName`'s bounds when given (the object's own half-size
// inset, its anchor's offset from its centre kept) — and runs `onDrag`. The release runs
// `onDrop`, then: no zones — the object stays; over a zone (the first listed whose layer is
// under the pointer) — it docks at the zone's `snap` or the zone layer's position; else it
// returns to its rest (where it was first grabbed, then its last dock). With a `tween` the
// object glides there (cubic bezier, non-blocking: grabbing again takes it from where it is);
// on landing in a zone the zone's actions run, `lock` makes it ungrabbable, `track` makes it
// follow the zone layer each tick. Leaving `stateName`'s state while held returns it to rest.
//
// Ghost mode (`ghost: true`; the engine's ghost_begin / ghost_offset / ghost_end calls,
// tests/dnd_ghost_check.rs): the grab parks the original — its slot is not written — and a
// frozen copy of the layer rides the pointer: `ghosts` holds each copy's offset from where
// the layer is (the pointer's travel since the press, not clamped), and the scene draws the
// copy above everything (`LottieScene.showGhosts`). The release: no zones — the slot takes the
// release point and the copy goes; over a zone — the copy goes and the original glides from
// its rest to the dock; a miss — the copy glides back onto the original (its offset to 0) and
// goes. A copy gliding back cannot be grabbed; leaving the state discards it. A layer the
// scene finds no drawing of is dragged itself (dotlottie-rs's fallback when ghost_begin fails).
//
// Path mode (`pathLayerName`, `progressInput`): the layer's first path is flattened into an
// arc-length table (`LottieDragPath`); a press on the layer seeds the nearest sample, each move
// projects the pointer within a window along the path and writes the progress (0…1) into the
// numeric input; the release docks at a zone whose position lies within reach along the path
// (the object's and the zone's half-sizes), else per `dockFallback`, gliding with `tween`.
//
// Layers are found by name through `LottieStateMachineGeometry` (the scene the machine shows).
// A pick-up is tested against the layer's shapes (`LottieScene.layerShape(named:contains:)`, as
// dotlottie-rs's dnd_try_grab and manage_path_drag call hit_test_precise), drop zones against
// layer boxes (`LottieScene.layerNames(at:)`, its hit_test in dnd_resolve_drop).
import LayerKit

/// What the machine asks of the scene it shows, in the animation's coordinates.
public protocol LottieStateMachineGeometry: AnyObject {
    /// The names of the layers whose boxes hold `point` (each the oriented box of what the
    /// first layer of that name draws, as dotlottie-rs's hit_test reads it).
    func layerNames(at point: Point) -> [String]
    /// Whether layer `name`'s shapes (not its box) cover `point`: a drag's pick-up.
    func layerShape(named name: String, contains point: Point) -> Bool
    /// Where the origin of layer `name` is drawn (its transform's translation).
    func layerPosition(named name: String) -> Point?
    /// The four corners of what layer `name` draws (its box, transformed).
    func layerCorners(named name: String) -> [Point]?
    /// The first path layer `name` draws, as cubic segments (p0, c1, c2, p3).
    func layerPath(named name: String) -> [(Point, Point, Point, Point)]?
}

/// The run-time state of one `DragAndDrop` interaction.
struct LottieDragGesture {
    enum Phase {
        case idle
        case held(offset: Point)
        case snapping(from: Point, to: Point, elapsed: Double, zone: Int?)
    }
    let spec: LottieStateMachineDefinition.Drag
    let easing: CAMediaTimingFunction?
    var phase = Phase.idle
    var rest: Point?
    var locked = false
    var tracking: Int?
    var anchorOffset = Point(0, 0)
    var halfExtents = Point(0, 0)
    /// Path mode: the path, whether held, and a glide of the progress.
    var path: LottieDragPath?
    var pathHeld = false
    var pathSnap: (from: Double, to: Double, elapsed: Double)?
    /// Ghost mode: whether a copy is out, the press it started from, where the original lands
    /// when the copy has glided back.
    var ghostActive = false
    var ghostOrigin = Point(0, 0)
    var ghostLand: Point?

    init(_ spec: LottieStateMachineDefinition.Drag) {
        self.spec = spec
        easing = spec.tween.map { t in CAMediaTimingFunction(controlPoints: t.easing[0], t.easing[1], t.easing[2], t.easing[3]) }
    }

    var isPathMode: Bool { spec.pathLayerName != nil && spec.progressInput != nil }
    var isHeld: Bool { if case .held = phase { return true }; return pathHeld }
    /// The tween's seconds, nil without one (a jump).
    var duration: Double? { spec.tween.flatMap { $0.duration > 0 ? $0.duration : nil } }
}

/// The length of (x, y).
private func distance(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

extension LottieStateMachine {
    private func slotPoint(_ id: String?) -> Point? {
        guard let id, let c = slots.current(id), (2...3).contains(c.count) else { return nil }
        return Point(c[0], c[1])
    }

    private func writeSlot(_ id: String?, _ p: Point) {
        guard let id else { return }
        // An After Effects position keeps its z.
        let z = slots.current(id).flatMap { $0.count == 3 ? $0[2] : nil }
        slots.write(id, [p.x, p.y] + (z.map { [$0] } ?? []))
    }

    private func active(_ g: LottieDragGesture) -> Bool { g.spec.stateName.map { $0 == currentState } ?? true }

    private func center(_ name: String) -> Point? {
        guard let c = geometry?.layerCorners(named: name), c.count == 4 else { return nil }
        return Point((c[0].x + c[1].x + c[2].x + c[3].x) / 4, (c[0].y + c[1].y + c[2].y + c[3].y) / 4)
    }

    /// Half the larger side of layer `name`'s box (path mode's reach).
    private func halfExtent(_ name: String) -> Double {
        guard let c = geometry?.layerCorners(named: name), c.count == 4 else { return 0 }
        return max(distance(c[1].x - c[0].x, c[1].y - c[0].y), distance(c[3].x - c[0].x, c[3].y - c[0].y)) / 2
    }

    /// The drags' share of a pointer event at `point` over `layers`.
    func dragPointer(_ event: PointerEvent, at point: Point, over layers: [String]) {
        for i in gestures.indices {
            if gestures[i].isPathMode { pathPointer(i, event, point) } else { freePointer(i, event, point, layers) }
        }
    }

    // MARK: - Free mode

    private func freePointer(_ i: Int, _ event: PointerEvent, _ point: Point, _ layers: [String]) {
        let spec = gestures[i].spec
        switch event {
        case .down:
            if gestures[i].locked || gestures[i].isHeld || !active(gestures[i]) { return }
            guard geometry?.layerShape(named: spec.layerName, contains: point) == true, let current = slotPoint(spec.slotID) else { return }
            if gestures[i].rest == nil {
                gestures[i].rest = current
                if let c = center(spec.layerName) { gestures[i].anchorOffset = Point(current.x - c.x, current.y - c.y) }
                if let c = geometry?.layerCorners(named: spec.layerName), c.count == 4 {
                    gestures[i].halfExtents = Point(distance(c[1].x - c[0].x, c[1].y - c[0].y) / 2, distance(c[3].x - c[0].x, c[3].y - c[0].y) / 2)
                }
            }
            // A copy gliding back finishes before the object can be grabbed again.
            if gestures[i].ghostActive, case .snapping = gestures[i].phase { return }
            gestures[i].tracking = nil
            if spec.ghost, geometry?.layerCorners(named: spec.layerName) != nil {
                gestures[i].ghostActive = true
                gestures[i].ghostOrigin = point
                ghosts[spec.layerName] = Point(0, 0)
                gestures[i].phase = .held(offset: Point(0, 0))
            } else {
                gestures[i].phase = .held(offset: Point(current.x - point.x, current.y - point.y))
            }
            run(spec.onGrab)
        case .move:
            guard case .held(let offset) = gestures[i].phase else { return }
            guard active(gestures[i]) else { cancelToRest(i); return }
            if gestures[i].ghostActive {
                let o = gestures[i].ghostOrigin
                ghosts[spec.layerName] = Point(point.x - o.x, point.y - o.y)
            } else {
                writeSlot(spec.slotID, clamped(gestures[i], Point(point.x + offset.x, point.y + offset.y)))
            }
            run(spec.onDrag)
        case .up:
            guard case .held = gestures[i].phase else { return }
            if active(gestures[i]) { drop(i, point, layers) } else { cancelToRest(i) }
        case .click: break
        }
    }

    /// `p` kept inside the boundary layer's box, the object's half-size inset (dotlottie-rs's
    /// dnd_clamp_to_boundary: on the box's own axes, so a rotated boundary clamps too).
    private func clamped(_ g: LottieDragGesture, _ p: Point) -> Point {
        guard let b = g.spec.boundaryLayerName, let c = geometry?.layerCorners(named: b), c.count == 4 else { return p }
        let e1 = Point(c[1].x - c[0].x, c[1].y - c[0].y), e2 = Point(c[3].x - c[0].x, c[3].y - c[0].y)
        let l1 = e1.x * e1.x + e1.y * e1.y, l2 = e2.x * e2.x + e2.y * e2.y
        guard l1 > 0, l2 > 0 else { return p }
        let centre = Point(p.x - g.anchorOffset.x, p.y - g.anchorOffset.y)
        let o = Point(centre.x - c[0].x, centre.y - c[0].y)
        func fit(_ t: Double, _ inset: Double) -> Double { inset >= 0.5 ? 0.5 : min(max(t, inset), 1 - inset) }
        let u = fit((o.x * e1.x + o.y * e1.y) / l1, g.halfExtents.x / l1.squareRoot())
        let v = fit((o.x * e2.x + o.y * e2.y) / l2, g.halfExtents.y / l2.squareRoot())
        return Point(c[0].x + u * e1.x + v * e2.x + g.anchorOffset.x, c[0].y + u * e1.y + v * e2.y + g.anchorOffset.y)
    }

    private func drop(_ i: Int, _ point: Point, _ layers: [String]) {
        let spec = gestures[i].spec
        run(spec.onDrop)
        guard !spec.dropZones.isEmpty else {
            if gestures[i].ghostActive {
                // The slot takes the release point, as dotlottie-rs writes it, and the copy goes.
                writeSlot(spec.slotID, point)
                endGhost(i)
                gestures[i].rest = point
            } else {
                gestures[i].rest = slotPoint(spec.slotID) ?? gestures[i].rest
            }
            gestures[i].phase = .idle
            return
        }
        var target = gestures[i].rest ?? point, zone: Int? = nil
        if let z = spec.dropZones.firstIndex(where: { layers.contains($0.layerName) }) {
            let name = spec.dropZones[z].layerName
            if let t = spec.dropZones[z].snap ?? geometry?.layerPosition(named: name) ?? center(name) { target = t; zone = z }
        }
        // A ghost docking: the copy goes and the original glides from its rest to the dock
        // (below). A miss: the copy glides back onto the original, which lands where it rests.
        if gestures[i].ghostActive, zone != nil { endGhost(i) }
        if gestures[i].ghostActive {
            if gestures[i].duration != nil {
                let o = gestures[i].ghostOrigin
                gestures[i].ghostLand = target
                gestures[i].phase = .snapping(from: Point(point.x - o.x, point.y - o.y), to: Point(0, 0), elapsed: 0, zone: nil)
            } else {
                endGhost(i)
                land(i, target, nil)
            }
            return
        }
        let tracked = zone.map { spec.dropZones[$0].track } ?? false
        let from = slotPoint(spec.slotID) ?? target
        if gestures[i].duration != nil, !tracked {
            gestures[i].phase = .snapping(from: from, to: target, elapsed: 0, zone: zone)
        } else {
            land(i, target, zone)
        }
    }

    private func land(_ i: Int, _ target: Point, _ zone: Int?) {
        writeSlot(gestures[i].spec.slotID, target)
        gestures[i].rest = target
        gestures[i].phase = .idle
        guard let zone else { return }
        let z = gestures[i].spec.dropZones[zone]
        gestures[i].locked = gestures[i].locked || z.lock
        if z.track { gestures[i].tracking = zone }
        run(z.actions)
    }

    /// Takes the copy of a ghost drag away.
    private func endGhost(_ i: Int) {
        gestures[i].ghostActive = false
        gestures[i].ghostLand = nil
        ghosts[gestures[i].spec.layerName] = nil
    }

    private func cancelToRest(_ i: Int) {
        // The original never moved: the copy is discarded.
        if gestures[i].ghostActive { endGhost(i); gestures[i].phase = .idle; return }
        guard let rest = gestures[i].rest else { gestures[i].phase = .idle; return }
        if gestures[i].duration != nil {
            gestures[i].phase = .snapping(from: slotPoint(gestures[i].spec.slotID) ?? rest, to: rest, elapsed: 0, zone: nil)
        } else {
            land(i, rest, nil)
        }
    }

    /// Advances the drags' glides and tracked docks by `seconds`.
    func advanceDrags(by seconds: Double) {
        for i in gestures.indices {
            if gestures[i].isPathMode { advancePath(i, seconds); continue }
            if gestures[i].isHeld, !active(gestures[i]) { cancelToRest(i); continue }
            if case .idle = gestures[i].phase, let z = gestures[i].tracking {
                guard active(gestures[i]) else { continue }
                let name = gestures[i].spec.dropZones[z].layerName
                if let t = geometry?.layerPosition(named: name) ?? center(name), gestures[i].rest != t {
                    writeSlot(gestures[i].spec.slotID, t)
                    gestures[i].rest = t
                }
                continue
            }
            guard case .snapping(let from, let to, let elapsed, let zone) = gestures[i].phase, let d = gestures[i].duration else { continue }
            let e = elapsed + seconds
            if e >= d {
                if gestures[i].ghostActive {
                    // The copy is back over the original: it goes, the original lands at rest.
                    let target = gestures[i].ghostLand ?? gestures[i].rest ?? to
                    endGhost(i)
                    land(i, target, zone)
                } else {
                    land(i, to, zone)
                }
                continue
            }
            let p = gestures[i].easing?.evaluate(e / d) ?? e / d
            let at = Point(from.x + (to.x - from.x) * p, from.y + (to.y - from.y) * p)
            // A ghost's glide moves the copy (offsets), otherwise the slot.
            if gestures[i].ghostActive { ghosts[gestures[i].spec.layerName] = at } else { writeSlot(gestures[i].spec.slotID, at) }
            gestures[i].phase = .snapping(from: from, to: to, elapsed: e, zone: zone)
        }
    }

    // MARK: - Path mode

    /// Projects `point` on the path and writes the progress input; the progress written.
    @discardableResult
    private func publishProgress(_ i: Int, _ point: Point) -> Double? {
        guard let t = gestures[i].path?.project(point), let name = gestures[i].spec.progressInput else { return nil }
        writeNumber(name, t)
        return t
    }

    private func pathPointer(_ i: Int, _ event: PointerEvent, _ point: Point) {
        let spec = gestures[i].spec
        if gestures[i].path == nil, let name = spec.pathLayerName, let segments = geometry?.layerPath(named: name) {
            gestures[i].path = LottieDragPath(segments)
        }
        switch event {
        case .down:
            if gestures[i].pathHeld || gestures[i].locked || !active(gestures[i]) { return }
            guard gestures[i].path?.isEmpty == false, geometry?.layerShape(named: spec.layerName, contains: point) == true else { return }
            gestures[i].pathHeld = true
            gestures[i].pathSnap = nil
            gestures[i].path?.seed(point)
            publishProgress(i, point)
            run(spec.onGrab)
        case .move:
            guard gestures[i].pathHeld else { return }
            guard active(gestures[i]) else { gestures[i].pathHeld = false; return }
            publishProgress(i, point)
            run(spec.onDrag)
        case .up:
            guard gestures[i].pathHeld else { return }
            gestures[i].pathHeld = false
            guard active(gestures[i]) else { return }
            let final = publishProgress(i, point)
            var hit: (zone: Int, t: Double, distance: Double)?
            if let t = final, let path = gestures[i].path {
                var zoneTs: [(Int, Double)] = []
                for (z, zone) in spec.dropZones.enumerated() {
                    if let c = geometry?.layerPosition(named: zone.layerName) ?? center(zone.layerName), let zt = path.progress(nearest: c) { zoneTs.append((z, zt)) }
                }
                let reach = halfExtent(spec.layerName)
                for (z, zt) in zoneTs {
                    let d = abs(t - zt) * path.length
                    if d <= reach + halfExtent(spec.dropZones[z].layerName), d < (hit?.distance ?? .infinity) { hit = (z, zt, d) }
                }
                if hit == nil {
                    for (z, zt) in zoneTs {
                        let d: Double
                        switch spec.dockFallback ?? "" {
                        case "previous" where zt <= t: d = (t - zt) * path.length
                        case "nearest": d = abs(t - zt) * path.length
                        default: continue
                        }
                        if d < (hit?.distance ?? .infinity) { hit = (z, zt, d) }
                    }
                }
            }
            if let hit, let name = spec.progressInput {
                if gestures[i].duration != nil, let from = final, from != hit.t {
                    gestures[i].pathSnap = (from, hit.t, 0)
                } else {
                    writeNumber(name, hit.t)
                }
            }
            run(spec.onDrop)
            if let hit {
                let z = spec.dropZones[hit.zone]
                gestures[i].locked = gestures[i].locked || z.lock
                run(z.actions)
            }
        case .click: break
        }
    }

    /// A dock glide along the path: the progress moves, `onDrag` runs each tick.
    private func advancePath(_ i: Int, _ seconds: Double) {
        guard var snap = gestures[i].pathSnap, let d = gestures[i].duration, let name = gestures[i].spec.progressInput else { return }
        guard active(gestures[i]) else { gestures[i].pathSnap = nil; return }
        snap.elapsed += seconds
        let done = snap.elapsed >= d
        let t = done ? snap.to : snap.from + (snap.to - snap.from) * (gestures[i].easing?.evaluate(snap.elapsed / d) ?? snap.elapsed / d)
        gestures[i].pathSnap = done ? nil : snap
        writeNumber(name, t)
        run(gestures[i].spec.onDrag)
    }
}
