// A dotLottie state machine (`s/ID.json` in a dotLottie 2 archive, `states/ID.json` in
// version 1) decoded: the dotLottie state machine format as LottieFiles' dotlottie-rs reads it
// — `initial` (a state name), `states` (`PlaybackState`: `name`, `animation`, `autoplay`,
// `loop`, `speed`, `mode` Forward | Reverse | Bounce | ReverseBounce, `segment` a marker name,
// `transitions`, `entryActions`, `exitActions`; `GlobalState`: transitions tried from every
// state), `transitions` (`{type: Transition, toState, guards}`, or `Tweened` with `duration`
// seconds and a cubic-bezier `easing`), `guards` (`{type: Numeric | Boolean | String | Event,
// inputName, conditionType Equal | NotEqual | GreaterThan | GreaterThanOrEqual | LessThan |
// LessThanOrEqual, compareTo}`, `compareTo` a value or `$NAME` another input; a guard of another
// type than its input's is kept and never holds, as dotlottie-rs evaluates it), `inputs`
// (`{type: Numeric | Boolean | String | Event, name, value}`; `elapsedTime` is built in: the
// seconds the machine has run, `@elapsedTime` or `$elapsedTime` in a value, reset by `Reset`,
// never declared or written — dotlottie-rs refuses that, and any other `@NAME` global),
// `interactions` (`{type: PointerDown | PointerUp | PointerMove | PointerEnter | PointerExit |
// Click | OnComplete | OnLoopComplete, layerName?, stateName?, actions}`, and `DragAndDrop`:
// `LottieStateMachineDefinition.Drag`) and actions (`Toggle`, `SetBoolean`, `SetNumeric`, `SetString`,
// `Increment`, `Decrement`, `Multiply`, `Floor`, `Clamp` (`min`, `max`), `SetRandom`, `Fire`,
// `Reset`, `SetFrame`, `SetProgress`, each with optional `guards` that must hold for it to
// run; `OpenUrl`, `FireCustomEvent`, `SetTheme` are read and reported, not run). A state's
// `slots` (`[{slotId, type: Color | Scalar | Vector | Position, value}]`, each element of the
// value a number or `$NAME` a numeric input: `LottieStateSlots`). The earlier
// draft's names are read too (`triggers` for `inputs`, `listeners` for `interactions`,
// `triggerName` for `inputName`). Every list is bounded (`maximumItems`); a malformed machine
// is one `DocumentError` naming the place.
import LayerKit

public struct LottieStateMachineDefinition: Sendable {
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        case bool(Bool)
        case number(Double)
        case string(String)
        /// An event input (it holds no value; it is fired).
        case event

        public var description: String {
            switch self {
            case .bool(let b): return b ? "true" : "false"
            case .number(let n): return DocumentText.number(n)
            case .string(let s): return DocumentText.quoted(s)
            case .event: return "event"
            }
        }
    }

    public struct Input: Sendable { public var name: String; public var initial: Value }

    public enum Condition: String, Sendable { case equal = "Equal", notEqual = "NotEqual", greaterThan = "GreaterThan",
                                              greaterThanOrEqual = "GreaterThanOrEqual", lessThan = "LessThan",
                                              lessThanOrEqual = "LessThanOrEqual" }

    public struct Guard: Sendable {
        public var input: String
        /// Event guards hold only when their event is the one being fired.
        public var isEvent: Bool
        public var condition: Condition
        /// The value compared with, or nil for an event guard.
        public var compareTo: Value?
        /// `compareTo: "$NAME"`: compared with that input's value instead.
        public var compareToInput: String?
    }

    /// A `Tweened` transition: the frame moves to the target state's first frame over
    /// `duration` seconds along the cubic bezier `easing` (x1, y1, x2, y2) before it is entered.
    public struct Tween: Sendable { public var duration: Double; public var easing: [Double] }

    public struct Transition: Sendable { public var toState: String; public var guards: [Guard]; public var tween: Tween? }

    public enum Mode: String, Sendable { case forward = "Forward", reverse = "Reverse", bounce = "Bounce", reverseBounce = "ReverseBounce" }

    public struct State: Sendable {
        public var name: String
        public var isGlobal: Bool
        public var animation: String
        public var autoplay: Bool
        public var loop: Bool
        public var speed: Double
        public var mode: Mode
        /// A marker's name: the state plays that marker's frames.
        public var segment: String?
        public var transitions: [Transition]
        public var entryActions: [Action]
        public var exitActions: [Action]
        /// The slot values the state declares (dotlottie-rs's state-declared slots).
        public var slots: [StateSlot] = []
    }

    /// The types a state slot may have: the interpolable ones (dotlottie-rs's StateSlotType).
    public enum SlotKind: String, Sendable { case color = "Color", scalar = "Scalar", vector = "Vector", position = "Position" }

    /// One element of a state slot's value: a number, a numeric input, or a reference that
    /// never resolves (`$@NAME`: globals are not bound, as dotlottie-rs's resolve refuses them).
    public enum SlotElement: Sendable, Equatable { case number(Double), input(String), unresolvable }

    /// A slot value a state declares: `{slotId, type, value}`.
    public struct StateSlot: Sendable {
        public var slotID: String
        public var kind: SlotKind
        public var elements: [SlotElement]
        /// The inputs it reads (a change re-applies it while its state is current).
        public var inputs: [String] { elements.compactMap { if case .input(let n) = $0 { return n }; return nil } }
    }

    /// A drop zone of a `DragAndDrop`: the layer a release over which docks the object.
    public struct DropZone: Sendable {
        public var layerName: String
        /// Where to dock instead of the zone layer's position.
        public var snap: Point?
        /// Once docked here, the object can no longer be grabbed.
        public var lock: Bool
        /// Docked here, the object follows the zone layer as it moves.
        public var track: Bool
        public var actions: [Action]
    }

    /// A `DragAndDrop` interaction: the pointer grabs the layer `layerName` and moves the
    /// Position slot `slotID` (free mode), or — with `pathLayerName` and `progressInput` — the
    /// progress along that layer's path (path mode). `LottieDragAndDrop` runs it.
    public struct Drag: Sendable {
        public var layerName: String
        public var slotID: String?
        public var pathLayerName: String?
        public var progressInput: String?
        public var stateName: String?
        public var boundaryLayerName: String?
        public var ghost: Bool
        public var tween: Tween?
        public var dropZones: [DropZone]
        /// Path mode: "previous" or "nearest" — the zone a release no zone captures docks at.
        public var dockFallback: String?
        public var onGrab: [Action], onDrag: [Action], onDrop: [Action]
    }

    public struct Action: Sendable {
        public var type: String
        public var input: String?
        public var value: JSONValue?
        /// `Clamp`'s bounds (a number or `$NAME`; absent, that side is open).
        public var min: JSONValue?, max: JSONValue?
        /// The action runs only when all hold (dotlottie-rs's gated actions).
        public var guards: [Guard] = []
    }

    public enum InteractionKind: String, Sendable, CaseIterable {
        case pointerDown = "PointerDown", pointerUp = "PointerUp", pointerMove = "PointerMove", pointerEnter = "PointerEnter",
             pointerExit = "PointerExit", click = "Click", onComplete = "OnComplete", onLoopComplete = "OnLoopComplete"
    }

    public struct Interaction: Sendable {
        public var kind: InteractionKind
        public var layerName: String?
        public var stateName: String?
        public var actions: [Action]
    }

    public var initial: String
    public var states: [State]
    public var inputs: [Input]
    public var interactions: [Interaction]
    /// The `DragAndDrop` interactions, in order.
    public var drags: [Drag] = []
    /// Constructs read but not run, one line each.
    public var unsupported: [String] = []

    /// The built-in input: seconds since the machine started (dotlottie-rs's `@elapsedTime`).
    public static let elapsedTime = "elapsedTime"
    /// Whether a guard reads `elapsedTime` (ticks then try the transitions again).
    public var readsElapsedTime: Bool {
        func reads(_ g: Guard) -> Bool { g.input == Self.elapsedTime || g.compareToInput == Self.elapsedTime }
        return states.contains { $0.transitions.contains { $0.guards.contains(where: reads) } }
    }

    /// The most states, transitions, guards, inputs, interactions or actions of one list.
    public static let maximumItems = 1_000

    /// The state machine `json` (`place` names it in refusals).
    public static func decode(_ json: JSONValue, place: String = "") throws(DocumentError) -> LottieStateMachineDefinition {
        func at(_ p: String) -> String { place.isEmpty ? p : "\(place): \(p)" }
        func list(_ v: JSONValue?, _ p: String) throws(DocumentError) -> [JSONValue] {
            guard let v else { return [] }
            guard case .array(let items) = v else { throw DocumentError(at(p), "expected an array") }
            guard items.count <= maximumItems else { throw DocumentError(at(p), "\(items.count) items exceed the limit \(maximumItems)") }
            return items
        }
        func string(_ v: JSONValue?, _ p: String) throws(DocumentError) -> String {
            guard case .string(let s)? = v else { throw DocumentError(at(p), "expected a string") }
            return s
        }
        func inputName(_ v: JSONValue, _ p: String) throws(DocumentError) -> String {
            try string(v["inputName"] ?? v["triggerName"], p + ".inputName")
        }
        /// `@NAME` names a global: only `@elapsedTime` exists (dotlottie-rs refuses the others).
        func reference(_ name: String, _ p: String) throws(DocumentError) -> String {
            guard name.hasPrefix("@") else { return name }
            guard name == "@" + elapsedTime else { throw DocumentError(at(p), "unknown global \(DocumentText.quoted(name)) (only @elapsedTime exists)") }
            return elapsedTime
        }
        var drags: [Drag] = []
        let initial = try string(json["initial"], "initial")
        var inputs: [Input] = []
        for (i, v) in try list(json["inputs"] ?? json["triggers"], "inputs").enumerated() {
            let p = "inputs[\(i)]"
            let name = try string(v["name"], p + ".name")
            // dotlottie-rs refuses a declared elapsedTime (the built-in clock).
            guard name != elapsedTime, name != "@" + elapsedTime else {
                throw DocumentError(at(p), "\(DocumentText.quoted(name)) is reserved (the built-in elapsedTime)")
            }
            let value: Value
            switch try string(v["type"], p + ".type") {
            case "Boolean": guard case .bool(let b)? = v["value"] else { throw DocumentError(at(p), "expected a boolean value") }; value = .bool(b)
            case "Numeric": guard case .number(let n)? = v["value"], n.isFinite else { throw DocumentError(at(p), "expected a number value") }; value = .number(n)
            case "String": guard case .string(let s)? = v["value"] else { throw DocumentError(at(p), "expected a string value") }; value = .string(s)
            case "Event": value = .event
            case let t: throw DocumentError(at(p + ".type"), "\(DocumentText.quoted(t)): expected Boolean, Numeric, String or Event")
            }
            guard !inputs.contains(where: { $0.name == name }) else { throw DocumentError(at(p), "a second input \(DocumentText.quoted(name))") }
            inputs.append(Input(name: name, initial: value))
        }
        func guardList(_ v: JSONValue?, _ p: String) throws(DocumentError) -> [Guard] {
            var out: [Guard] = []
            for (i, g) in try list(v, p).enumerated() {
                let gp = "\(p)[\(i)]"
                let type = try string(g["type"], gp + ".type")
                let name = try reference(try inputName(g, gp), gp)
                guard let input = inputs.first(where: { $0.name == name }) ?? (name == elapsedTime ? Input(name: name, initial: .number(0)) : nil) else {
                    throw DocumentError(at(gp), "no input \(DocumentText.quoted(name))")
                }
                if type == "Event" {
                    guard input.initial == .event else { throw DocumentError(at(gp), "input \(DocumentText.quoted(name)) is not an event") }
                    out.append(Guard(input: name, isEvent: true, condition: .equal, compareTo: nil, compareToInput: nil))
                    continue
                }
                let cond = try string(g["conditionType"], gp + ".conditionType")
                guard let condition = Condition(rawValue: cond) else { throw DocumentError(at(gp), "unknown conditionType \(DocumentText.quoted(cond))") }
                var compare: Value?, ref: String?
                switch g["compareTo"] {
                case .string(let s)? where s.hasPrefix("$") || s.hasPrefix("@"):
                    let r = try reference(s.hasPrefix("$") ? String(s.dropFirst()) : s, gp)
                    guard r == elapsedTime || inputs.contains(where: { $0.name == r }) else { throw DocumentError(at(gp), "compareTo names no input \(DocumentText.quoted(s))") }
                    ref = r
                case .bool(let b)?: compare = .bool(b)
                case .number(let n)? where n.isFinite: compare = .number(n)
                case .string(let s)?: compare = .string(s)
                default: throw DocumentError(at(gp), "expected compareTo")
                }
                // A guard of another type than its input's loads and never holds: dotlottie-rs
                // reads the input through the guard's type, finds none and answers false (its
                // sanity test test_get_all_inputs loads a Boolean guard on a String input).
                guard ["Boolean", "Numeric", "String"].contains(type) else {
                    throw DocumentError(at(gp + ".type"), "\(DocumentText.quoted(type)): expected Boolean, Numeric, String or Event")
                }
                if !Self.fits(type, input.initial) { compare = nil; ref = nil }
                out.append(Guard(input: name, isEvent: false, condition: condition, compareTo: compare, compareToInput: ref))
            }
            return out
        }
        func actions(_ v: JSONValue?, _ p: String) throws(DocumentError) -> [Action] {
            var out: [Action] = []
            for (i, a) in try list(v, p).enumerated() {
                let ap = "\(p)[\(i)]"
                let type = try string(a["type"], ap + ".type")
                var name: String?
                if case .string(let n)? = a["inputName"] ?? a["triggerName"] { name = try reference(n, ap) }
                // dotlottie-rs refuses a machine writing the built-in clock; Reset is allowed.
                if name == elapsedTime, type != "Reset" {
                    throw DocumentError(at(ap), "\(type) writes the built-in elapsedTime (only Reset may)")
                }
                for k in ["value", "min", "max"] {
                    if case .string(let s)? = a[k], s.hasPrefix("@") { _ = try reference(s, ap + "." + k) }
                }
                out.append(Action(type: type, input: name, value: a["value"], min: a["min"], max: a["max"],
                                  guards: try guardList(a["guards"], ap + ".guards")))
            }
            return out
        }
        /// `{duration, easing}` (a Tweened transition's, or a drag's `tween`).
        func tweenSpec(_ tr: JSONValue, _ tp: String) throws(DocumentError) -> Tween {
            guard case .number(let d)? = tr["duration"], d.isFinite, d >= 0, d <= maximumTween else {
                throw DocumentError(at(tp + ".duration"), "expected seconds within [0, \(DocumentText.number(maximumTween))]")
            }
            var easing = [0.0, 0.0, 1.0, 1.0]
            if case .array(let e)? = tr["easing"] {
                let n = e.compactMap { v -> Double? in if case .number(let x) = v, x.isFinite { return x }; return nil }
                guard n.count == 4, n[0] >= 0, n[0] <= 1, n[2] >= 0, n[2] <= 1 else {
                    throw DocumentError(at(tp + ".easing"), "expected [x1, y1, x2, y2] with x1, x2 within [0, 1]")
                }
                easing = n
            }
            return Tween(duration: d, easing: easing)
        }
        /// A state's `slots`: malformed entries refuse the machine (dotlottie-rs's serde does);
        /// entries that name no slot, or a reference no input answers, load and do nothing.
        func stateSlots(_ v: JSONValue?, _ p: String) throws(DocumentError) -> [StateSlot] {
            var out: [StateSlot] = []
            for (i, e) in try list(v, p).enumerated() {
                let ep = "\(p)[\(i)]"
                let id = try string(e["slotId"], ep + ".slotId")
                let type = try string(e["type"], ep + ".type")
                guard let kind = SlotKind(rawValue: type) else {
                    throw DocumentError(at(ep + ".type"), "\(DocumentText.quoted(type)): expected Color, Scalar, Vector or Position")
                }
                func element(_ x: JSONValue, _ xp: String) throws(DocumentError) -> SlotElement {
                    switch x {
                    case .number(let n) where n.isFinite: return .number(n)
                    case .string(let r):
                        guard r.hasPrefix("$"), !r.hasPrefix("$@") else { return .unresolvable }
                        return .input(String(r.dropFirst()))
                    default: throw DocumentError(at(xp), "expected a number or \"$input\"")
                    }
                }
                var elements: [SlotElement] = []
                switch e["value"] {
                case .array(let items)?:
                    guard items.count <= 4 else { throw DocumentError(at(ep + ".value"), "\(items.count) elements: at most 4") }
                    for (k, x) in items.enumerated() { elements.append(try element(x, ep + ".value[\(k)]")) }
                case let x?: elements = [try element(x, ep + ".value")]
                case nil: throw DocumentError(at(ep), "expected a value")
                }
                out.append(StateSlot(slotID: id, kind: kind, elements: elements))
            }
            return out
        }
        var states: [State] = []
        for (i, s) in try list(json["states"], "states").enumerated() {
            let p = "states[\(i)]"
            let name = try string(s["name"], p + ".name")
            guard !states.contains(where: { $0.name == name }) else { throw DocumentError(at(p), "a second state \(DocumentText.quoted(name))") }
            let type = try string(s["type"], p + ".type")
            guard type == "PlaybackState" || type == "GlobalState" else {
                throw DocumentError(at(p + ".type"), "\(DocumentText.quoted(type)): expected PlaybackState or GlobalState")
            }
            var transitions: [Transition] = []
            for (t, tr) in try list(s["transitions"], p + ".transitions").enumerated() {
                let tp = "\(p).transitions[\(t)]"
                var tween: Tween?
                if case .string("Tweened")? = tr["type"] { tween = try tweenSpec(tr, tp) }
                transitions.append(Transition(toState: try string(tr["toState"], tp + ".toState"), guards: try guardList(tr["guards"], tp + ".guards"), tween: tween))
            }
            var mode = Mode.forward
            if case .string(let m)? = s["mode"] {
                guard let mm = Mode(rawValue: m) else { throw DocumentError(at(p + ".mode"), "\(DocumentText.quoted(m)): expected Forward, Reverse, Bounce or ReverseBounce") }
                mode = mm
            }
            var speed = 1.0
            if case .number(let x)? = s["speed"] {
                guard x.isFinite, x > 0, x <= 100 else { throw DocumentError(at(p + ".speed"), "expected a number within (0, 100]") }
                speed = x
            }
            var segment: String?
            if case .string(let m)? = s["segment"] ?? s["marker"], !m.isEmpty { segment = m }
            func flag(_ k: String) -> Bool { if case .bool(true)? = s[k] { return true }; return false }
            let slots = type == "GlobalState" ? [] : try stateSlots(s["slots"], p + ".slots")
            states.append(State(name: name, isGlobal: type == "GlobalState", animation: (try? string(s["animation"], "")) ?? "",
                                autoplay: flag("autoplay"), loop: flag("loop"), speed: speed, mode: mode, segment: segment,
                                transitions: transitions, entryActions: try actions(s["entryActions"], p + ".entryActions"),
                                exitActions: try actions(s["exitActions"], p + ".exitActions"), slots: slots))
        }
        guard states.contains(where: { $0.name == initial }) else { throw DocumentError(at("initial"), "no state \(DocumentText.quoted(initial))") }
        for s in states {
            for t in s.transitions where !states.contains(where: { $0.name == t.toState }) {
                throw DocumentError(at("states"), "state \(DocumentText.quoted(s.name)): a transition to no state \(DocumentText.quoted(t.toState))")
            }
        }
        /// A `DragAndDrop` interaction (dotlottie-rs's Interaction::DragAndDrop and its RFC 0002).
        func drag(_ v: JSONValue, _ p: String) throws(DocumentError) -> Drag {
            func optional(_ k: String) throws(DocumentError) -> String? {
                guard let x = v[k] else { return nil }
                let s = try string(x, p + "." + k)
                return s.isEmpty ? nil : s
            }
            func flag(_ x: JSONValue?, _ k: String) throws(DocumentError) -> Bool {
                guard let x else { return false }
                guard case .bool(let b) = x else { throw DocumentError(at(p + "." + k), "expected true or false") }
                return b
            }
            var zones: [DropZone] = []
            for (z, zone) in try list(v["dropZones"], p + ".dropZones").enumerated() {
                let zp = "\(p).dropZones[\(z)]"
                var snap: Point?
                if let s = zone["snap"] {
                    guard case .array(let xy) = s, xy.count == 2, case .number(let x) = xy[0], case .number(let y) = xy[1], x.isFinite, y.isFinite else {
                        throw DocumentError(at(zp + ".snap"), "expected [x, y]")
                    }
                    snap = Point(x, y)
                }
                zones.append(DropZone(layerName: try string(zone["layerName"], zp + ".layerName"), snap: snap,
                                      lock: try flag(zone["lock"], "lock"), track: try flag(zone["track"], "track"),
                                      actions: try actions(zone["actions"], zp + ".actions")))
            }
            let progress = try optional("progressInput")
            if let progress {
                guard case .number? = inputs.first(where: { $0.name == progress })?.initial else {
                    throw DocumentError(at(p + ".progressInput"), "names no numeric input \(DocumentText.quoted(progress))")
                }
            }
            return Drag(layerName: try string(v["layerName"], p + ".layerName"), slotID: try optional("slotId"),
                        pathLayerName: try optional("pathLayerName"), progressInput: progress, stateName: try optional("stateName"),
                        boundaryLayerName: try optional("boundaryLayerName"), ghost: try flag(v["ghost"], "ghost"),
                        tween: try v["tween"].map { t throws(DocumentError) in try tweenSpec(t, p + ".tween") },
                        dropZones: zones, dockFallback: try optional("dockFallback"),
                        onGrab: try actions(v["onGrab"], p + ".onGrab"), onDrag: try actions(v["onDrag"], p + ".onDrag"),
                        onDrop: try actions(v["onDrop"], p + ".onDrop"))
        }
        var interactions: [Interaction] = []
        for (i, v) in try list(json["interactions"] ?? json["listeners"], "interactions").enumerated() {
            let p = "interactions[\(i)]"
            let type = try string(v["type"], p + ".type")
            if type == "DragAndDrop" {
                drags.append(try drag(v, p))
                continue
            }
            guard let kind = InteractionKind(rawValue: type) else {
                throw DocumentError(at(p + ".type"), "\(DocumentText.quoted(type)): expected one of \(InteractionKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var layer: String?, state: String?
            if case .string(let l)? = v["layerName"], !l.isEmpty { layer = l }
            if case .string(let l)? = v["stateName"], !l.isEmpty { state = l }
            interactions.append(Interaction(kind: kind, layerName: layer, stateName: state, actions: try actions(v["actions"], p + ".actions")))
        }
        // Each construct not run is reported once, naming where it is.
        var unsupported: [String] = []
        for d in drags where d.slotID == nil && (d.pathLayerName == nil || d.progressInput == nil) {
            unsupported.append("DragAndDrop on \(DocumentText.quoted(d.layerName)): neither slotId nor pathLayerName with progressInput: it does nothing")
        }
        return LottieStateMachineDefinition(initial: initial, states: states, inputs: inputs, interactions: interactions, drags: drags, unsupported: unsupported)
    }

    /// The longest tween, in seconds.
    public static let maximumTween = 3_600.0

    /// Whether a guard of `type` reads an input holding `value`.
    static func fits(_ type: String, _ value: Value) -> Bool {
        switch (type, value) {
        case ("Boolean", .bool), ("Numeric", .number), ("String", .string): return true
        default: return false
        }
    }
}
