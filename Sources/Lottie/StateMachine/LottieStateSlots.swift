// The slot values a dotLottie state machine sets while it runs: the animation's own slot values
// (lottie-spec `slots`), what states declare over them and what drags write. The rules, as
// LottieFiles' dotlottie-rs runs state-declared slots (src/state_machine_engine/state_slots.rs,
// the engine's apply/release/prepare_state_slot_tween, docs/spec-updates/state-slots.md):
//
// * A state's `slots` are an overlay that lives while the state is current. Entering it by a
//   plain transition applies each entry at once; leaving it releases the entries the next state
//   does not declare again to their base — the value the slot had before the overlay first
//   covered it (an entry declared again keeps that first base).
// * An entry's value is resolved element by element: a number, or `$NAME` a numeric input's
//   value; the count must fit the type (Scalar 1, Vector / Position 2, Color 3 or 4 — alpha
//   dropped, components clamped to 0…1). An entry that names no slot, whose type is not the
//   slot's (Vector and Position are one), or whose reference does not resolve does nothing.
// * While its state is current an entry is bound: a change of an input it reads applies it
//   again (not during a tween — the tween owns the values then).
// * A `Tweened` transition interpolates: entries of the target from the slot's current value,
//   released entries back to their base, both on the transition's eased progress; a value that
//   is not a static number list (a keyframed slot) is applied at the tween's start (targets) or
//   its end (releases).
// * Drags write a Position slot directly (`write`), outside the overlay's bookkeeping.
//
// A slot's type is the type of the property that takes it (`LottieSlots.referencingKeys`: `c`,
// `fc`, `sc` Color; `p`, `a`, `s`, `sz`, `ps` Vector — an After Effects position has a third
// component, z); a slot no property names is read from its value: a number or one component
// Scalar, two Vector, three or four Color (keyframed: the first keyframe's `s`). The values this holds
// reach the built layer tree through `LottieScene.applySlots(_:)`: `values` lists the slots
// written, as Lottie properties `{a: 0, k}`, and `revision` counts the changes.
import LayerKit

struct LottieStateSlots {
    typealias StateSlot = LottieStateMachineDefinition.StateSlot
    typealias Kind = LottieStateMachineDefinition.SlotKind

    /// A slot of the animation: its type, and its static value (nil when keyframed).
    struct Authored { var kind: Kind; var value: [Double]? }
    private(set) var authored: [String: Authored] = [:]
    /// The values written over the authored ones (slot id → components).
    private(set) var written: [String: [Double]] = [:]
    /// Counts the changes of `written`.
    private(set) var revision = 0
    /// The entries of the current state (bound while it is current).
    private var active: [StateSlot] = []
    /// Each overlaid slot's value before the overlay covered it (nil inner: not written then).
    private var bases: [String: [Double]?] = [:]
    /// Interpolations of a tween under way, and releases applied at its end.
    private var lerps: [(id: String, kind: Kind, from: [Double], to: [Double])] = []
    private var endReleases: [(id: String, base: [Double]?)] = []

    /// The slots of an animation: `slots` as the file gives them (id → `{a, k}` property), and
    /// the key of the property that takes each (`LottieSlots.referencingKeys`).
    init(animation slots: [String: JSONValue], keys: [String: String] = [:]) {
        for (id, p) in slots {
            guard let (kind, value) = Self.read(p, key: keys[id]) else { continue }
            authored[id] = Authored(kind: kind, value: value)
        }
    }

    /// A property's type and static value, nil for one that is not a number or number list.
    static func read(_ p: JSONValue, key: String? = nil) -> (Kind, [Double]?)? {
        func numbers(_ v: JSONValue?) -> [Double]? {
            switch v {
            case .number(let n)?: return [n]
            case .array(let a)?:
                let n = a.compactMap { x -> Double? in if case .number(let d) = x, d.isFinite { return d }; return nil }
                return n.count == a.count && !n.isEmpty ? n : nil
            default: return nil
            }
        }
        func kind(_ count: Int) -> Kind? {
            switch key {
            case "c"?, "fc"?, "sc"?: return (3...4).contains(count) ? .color : nil
            case "p"?, "a"?, "s"?, "sz"?, "ps"?: return (2...3).contains(count) ? .vector : nil
            default: return count == 1 ? .scalar : count == 2 ? .vector : count <= 4 ? .color : nil
            }
        }
        if case .number(1)? = p["a"] {
            guard case .array(let keys)? = p["k"], let s = numbers(keys.first?["s"]), let k = kind(s.count) else { return nil }
            return (k, nil)
        }
        guard let v = numbers(p["k"]), let k = kind(v.count) else { return nil }
        return (k, v)
    }

    /// The value slot `id` shows now, when it is a static number list.
    func current(_ id: String) -> [Double]? { written[id] ?? authored[id]?.value }

    /// The slots written, as the Lottie properties to lay over the animation's.
    var values: [String: JSONValue] {
        written.mapValues { c in
            let k: JSONValue = c.count == 1 ? .number(c[0]) : .array(c.map(JSONValue.number))
            return .object([("a", .number(0)), ("k", k)])
        }
    }

    /// Writes `value` into slot `id` (a drag's position: no overlay bookkeeping).
    mutating func write(_ id: String, _ value: [Double]) {
        guard written[id] != value else { return }
        written[id] = value
        revision += 1
    }

    private mutating func restore(_ id: String, _ base: [Double]?) {
        if let base { write(id, base) } else if written.removeValue(forKey: id) != nil { revision += 1 }
    }

    /// Entry `e` resolved with `number` reading inputs, fitted to its slot; nil: does nothing.
    private func resolve(_ e: StateSlot, _ number: (String) -> Double?) -> [Double]? {
        guard let slot = authored[e.slotID] else { return nil }
        let compatible: Bool
        switch (e.kind, slot.kind) {
        case (.color, .color), (.scalar, .scalar), (.vector, .vector), (.position, .vector): compatible = true
        default: compatible = false
        }
        guard compatible else { return nil }
        let range = e.kind == .scalar ? 1...1 : e.kind == .color ? 3...4 : 2...2
        guard range.contains(e.elements.count) else { return nil }
        var c: [Double] = []
        for x in e.elements {
            switch x {
            case .number(let n): c.append(n)
            case .input(let name): guard let n = number(name) else { return nil }; c.append(n)
            case .unresolvable: return nil
            }
        }
        if e.kind == .color { c = c.prefix(3).map { min(max($0, 0), 1) } }
        // An After Effects position keeps its z: the entry gives x and y.
        if e.kind == .vector || e.kind == .position, let now = current(e.slotID), now.count == 3 { c.append(now[2]) }
        return c
    }

    private mutating func apply(_ e: StateSlot, _ c: [Double]) {
        if bases[e.slotID] == nil { bases[e.slotID] = .some(written[e.slotID]) }
        write(e.slotID, c)
    }

    /// Leaving the current state for one declaring `next` (plain transition): releases what
    /// `next` does not declare again; then `enter(next)` applies it.
    mutating func release(keeping next: [StateSlot]) {
        lerps.removeAll()
        endReleases.removeAll()
        for e in active where !next.contains(where: { $0.slotID == e.slotID }) {
            guard let base = bases.removeValue(forKey: e.slotID) else { continue }
            restore(e.slotID, base)
        }
        active = []
    }

    /// Applies a state's entries at once and binds them.
    mutating func enter(_ slots: [StateSlot], _ number: (String) -> Double?) {
        for e in slots { if let c = resolve(e, number) { apply(e, c) } }
        active = slots
    }

    /// Input `name` changed: the bound entries reading it apply again.
    mutating func inputChanged(_ name: String, _ number: (String) -> Double?) {
        guard lerps.isEmpty, endReleases.isEmpty else { return }
        for e in active where e.inputs.contains(name) { if let c = resolve(e, number) { apply(e, c) } }
    }

    /// A tweened transition into a state declaring `target` starts.
    mutating func startTween(to target: [StateSlot], _ number: (String) -> Double?) {
        lerps.removeAll()
        endReleases.removeAll()
        for e in active where !target.contains(where: { $0.slotID == e.slotID }) {
            guard let base = bases.removeValue(forKey: e.slotID) else { continue }
            let kind = authored[e.slotID]?.kind ?? e.kind
            if let from = current(e.slotID), let to = base ?? authored[e.slotID]?.value, from.count == to.count {
                lerps.append((e.slotID, kind, from, to))
            }
            endReleases.append((e.slotID, base))
        }
        for e in target {
            guard let to = resolve(e, number) else { continue }
            if bases[e.slotID] == nil { bases[e.slotID] = .some(written[e.slotID]) }
            if let from = current(e.slotID), from.count == to.count {
                lerps.append((e.slotID, e.kind, from, to))
            } else {
                write(e.slotID, to)
            }
        }
        active = target
    }

    /// The tween under way reached eased progress `p` (0…1).
    mutating func tween(_ p: Double) {
        for l in lerps {
            var c = zip(l.from, l.to).map { $0 + ($1 - $0) * p }
            if l.kind == .color { c = c.map { min(max($0, 0), 1) } }
            write(l.id, c)
        }
    }

    /// The tween ended: exact target values, and the released slots back to their base.
    mutating func endTween() {
        for l in lerps { write(l.id, l.to) }
        for r in endReleases { restore(r.id, r.base) }
        lerps.removeAll()
        endReleases.removeAll()
    }

    /// Another animation is shown, with `slots` its own (as `init(animation:keys:)` takes
    /// them): nothing written survives.
    mutating func reset(animation slots: [String: JSONValue], keys: [String: String]) {
        let revision = self.revision + (written.isEmpty ? 0 : 1)
        self = LottieStateSlots(animation: slots, keys: keys)
        self.revision = revision
    }
}
