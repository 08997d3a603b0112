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
// Click | OnComplete | OnLoopComplete, layerName?, stateName?, actions}`; `DragAndDrop` is read
// and reported as unsupported) and actions (`Toggle`, `SetBoolean`, `SetNumeric`, `SetString`,
// `Increment`, `Decrement`, `Multiply`, `Floor`, `Clamp` (`min`, `max`), `SetRandom`, `Fire`,
// `Reset`, `SetFrame`, `SetProgress`, each with optional `guards` that must hold for it to
// run; `OpenUrl`, `FireCustomEvent`, `SetTheme` are read and reported, not run). A state's
// `slots` (slot values bound to inputs) are read and reported as unsupported. The earlier
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
    /// Constructs read but not run, one line each (`DragAndDrop`, state `slots`).
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
        var slotStates: [String] = [], drags: [String] = []
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
                if case .string("Tweened")? = tr["type"] {
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
                    tween = Tween(duration: d, easing: easing)
                }
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
            if case .array(let slots)? = s["slots"], !slots.isEmpty { slotStates.append(name) }
            states.append(State(name: name, isGlobal: type == "GlobalState", animation: (try? string(s["animation"], "")) ?? "",
                                autoplay: flag("autoplay"), loop: flag("loop"), speed: speed, mode: mode, segment: segment,
                                transitions: transitions, entryActions: try actions(s["entryActions"], p + ".entryActions"),
                                exitActions: try actions(s["exitActions"], p + ".exitActions")))
        }
        guard states.contains(where: { $0.name == initial }) else { throw DocumentError(at("initial"), "no state \(DocumentText.quoted(initial))") }
        for s in states {
            for t in s.transitions where !states.contains(where: { $0.name == t.toState }) {
                throw DocumentError(at("states"), "state \(DocumentText.quoted(s.name)): a transition to no state \(DocumentText.quoted(t.toState))")
            }
        }
        var interactions: [Interaction] = []
        for (i, v) in try list(json["interactions"] ?? json["listeners"], "interactions").enumerated() {
            let p = "interactions[\(i)]"
            let type = try string(v["type"], p + ".type")
            if type == "DragAndDrop" {
                // Dragging needs the pointer's moves while pressed and a layer's path or slot to
                // move — not in this model: reported once, the rest of the machine plays.
                drags.append((try? string(v["layerName"], "")) ?? "")
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
        func names(_ list: [String]) -> String {
            list.prefix(4).map { DocumentText.quoted($0) }.joined(separator: ", ") + (list.count > 4 ? " and \(list.count - 4) more" : "")
        }
        var unsupported: [String] = []
        if !slotStates.isEmpty { unsupported.append("slot bindings of state\(slotStates.count == 1 ? "" : "s") \(names(slotStates)) not applied (state slots are not supported)") }
        if !drags.isEmpty { unsupported.append("DragAndDrop on \(names(drags)) not run (drag interactions are not supported)") }
        return LottieStateMachineDefinition(initial: initial, states: states, inputs: inputs, interactions: interactions, unsupported: unsupported)
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
