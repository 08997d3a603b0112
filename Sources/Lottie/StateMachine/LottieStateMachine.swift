// A dotLottie state machine running on a manual clock (no window, no real time): the caller
// advances it by seconds, sets inputs, fires events and reports pointer events with the names
// of the Lottie layers under the pointer; it answers with the current state and the frame of
// the animation to show. The rules, as LottieFiles' dotlottie-rs state machine engine runs
// them:
//
// * Entering a state runs its entry actions and starts its playback: the segment (a marker's
//   frames, else ip…op) from its first frame (its last for Reverse / ReverseBounce), playing
//   when `autoplay`, at `speed`; leaving runs the exit actions.
// * After every change of an input, event or completion, the transitions of the current state
//   and then of the global state are tried in order; the first whose guards all hold is taken.
//   An Event guard holds only while its event is being fired. A transition without guards is
//   taken when the state's playback completes (a state that does not loop), so states can
//   follow each other.
// * Playback: frames advance at fr × speed; at the segment's end a looping state wraps (Bounce
//   turns round) and runs OnLoopComplete interactions, otherwise it holds the last frame, stops
//   and runs OnComplete interactions (those naming the state, or none).
// * A state naming an animation (`PlaybackState.animation`, an id of the archive's manifest)
//   switches the animation shown when it is entered — dotlottie-rs's state machine loads that
//   animation — and its segment, markers and frame rate are then that animation's; a machine
//   given one animation only, or naming one it was not given, keeps the one shown (a notice).
// * Pointer interactions run their actions when the pointer event happens over the layer they
//   name (any where they name none), and only in the state they name if they name one;
//   PointerEnter / PointerExit when a layer starts or stops being under the pointer.
// * `elapsedTime` (a built-in numeric input) counts the seconds the clock has advanced since
//   `start()`; `Reset` zeroes it. When a guard reads it, every advance tries the transitions
//   again (dotlottie-rs re-runs its pipeline on tick only then).
// * A `Tweened` transition keeps the current state while the frame moves from where it is to
//   the target state's first frame (its last for Reverse) over the tween's seconds, eased by
//   its cubic bezier; then the target is entered. Inputs keep being read meanwhile: another
//   tweened transition retargets from the frame reached (the first target never entered), a
//   plain one cancels the tween and is taken at once (dotlottie-rs's tween redirection tests).
// * An action with guards runs only when they all hold. `Multiply`, `Floor`, `Clamp` (bounds
//   optional; inverted bounds change nothing) and `SetRandom` (a draw in [0, 1) from a PCG32
//   generator, seeded by `seed(_:)`, as dotlottie-rs draws) act on numeric inputs; an operand
//   `$NAME` naming no number leaves the input as it is (Increment / Decrement then step by 1).
//
// * A state's `slots` set the animation's slot values while it is current, bound to the inputs
//   they read, interpolated by tweened transitions (`LottieStateSlots`); `slotValues` and
//   `slotRevision` hand them to the scene (`LottieScene.applySlots(_:)`).
// * `DragAndDrop` interactions follow pointer positions given in the animation's coordinates
//   (`pointer(_:at:)`), finding layers through `geometry` (`LottieDragAndDrop`). A machine
//   given several scenes points `geometry` at the scene of the animation its state shows each
//   time it switches (dotlottie-rs's engine asks its one renderer, which holds the animation
//   the state loaded: pick-ups, hit tests, drop zones and ghosts read that animation's layers).
//
// Chains of transitions (entry actions that change inputs) stop after `maximumChain` steps,
// with a notice, so a machine cannot spin.
import LayerKit

public final class LottieStateMachine {
    public typealias Value = LottieStateMachineDefinition.Value

    public let definition: LottieStateMachineDefinition
    /// The name of the current state.
    public private(set) var currentState: String
    /// The animation's frame to show now.
    public private(set) var frame: Double
    public private(set) var isPlaying = false
    /// Each input's current value.
    public private(set) var inputs: [String: Value] = [:]
    /// Transitions taken and actions not run, one line each, in order.
    public private(set) var notices: [String] = []
    /// The states entered, in order (the initial one first).
    public private(set) var history: [String] = []

    public static let maximumChain = 64
    static let maximumNotices = 1_000

    /// The id of the animation shown now (nil for a machine given one animation).
    public private(set) var animationID: String?

    /// What the machine needs of an animation to play it: its frames, rate and markers.
    struct Timing {
        var inPoint: Double, outPoint: Double, frameRate: Double
        var markers: [String: (start: Double, end: Double)]

        init(_ model: LottieAnimationModel) {
            inPoint = model.inPoint
            outPoint = model.outPoint
            frameRate = model.frameRate
            var m: [String: (Double, Double)] = [:]
            for marker in model.markers where m[marker.name] == nil {
                let s = max(marker.frame, model.inPoint), e = min(marker.frame + max(marker.durationFrames, 0), model.outPoint)
                if s <= e { m[marker.name] = (s, e) }
            }
            markers = m
        }
    }
    private var animations: [String: Timing] = [:]
    private var inPoint: Double, outPoint: Double, frameRate: Double
    private var markers: [String: (start: Double, end: Double)]
    private var segment: (start: Double, end: Double)
    private var direction = 1.0
    private var hovered = Set<String>()
    private var firing: String?
    private var chain = 0
    private var started = false
    /// The tween under way: the state it ends in, the frames it moves between, its progress.
    private var tween: (to: String, from: Double, target: Double, elapsed: Double, duration: Double, easing: CAMediaTimingFunction)?
    /// The target of the tween under way, if any.
    public var tweeningTo: String? { tween?.to }
    private var random = PCG32(seed: PCG32.defaultSeed)
    private let readsElapsedTime: Bool
    /// The slot values the machine sets (state slots, drags).
    var slots: LottieStateSlots
    /// The `DragAndDrop` interactions' gestures.
    var gestures: [LottieDragGesture]
    /// The scene the machine shows, where pointer events and drags find layers by name. A
    /// machine made with several scenes (`init(_:scenes:initial:)`) sets it to the scene of the
    /// animation shown whenever a state switches the animation.
    public weak var geometry: (any LottieStateMachineGeometry)?
    /// The scenes of a machine made with several, by animation id (held weakly, as `geometry`).
    private var scenes: [String: WeakScene] = [:]
    private struct WeakScene { weak var scene: LottieScene? }
    /// Ghost drags under way: each dragged layer's name → the offset of its frozen copy from
    /// the layer, in the animation's coordinates (`LottieScene.showGhosts(_:)` draws them).
    public internal(set) var ghosts: [String: Point] = [:]
    /// Each animation's own slots (`slotValues` of its scene, the keys naming them), by id:
    /// the slots the machine starts from when a state shows that animation.
    private var animationSlots: [String: (values: [String: JSONValue], keys: [String: String])] = [:]

    /// The slots the machine has written (slot id → Lottie property `{a: 0, k}`); the others
    /// keep the animation's values.
    public var slotValues: [String: JSONValue] { slots.values }
    /// Counts the changes of `slotValues`.
    public var slotRevision: Int { slots.revision }

    /// A machine for the animation `scene` shows, in its initial state once `start()` is called.
    public convenience init(_ definition: LottieStateMachineDefinition, scene: LottieScene) {
        self.init(definition, model: scene.model, slots: scene.slotValues,
                  slotKeys: LottieSlots.referencingKeys(scene.slotSource?.json))
        geometry = scene
    }

    /// A machine for the animation `model`, in its initial state once `start()` is called.
    init(_ definition: LottieStateMachineDefinition, model: LottieAnimationModel, slots: [String: JSONValue] = [:],
         slotKeys: [String: String] = [:]) {
        self.definition = definition
        self.slots = LottieStateSlots(animation: slots, keys: slotKeys)
        gestures = definition.drags.map(LottieDragGesture.init)
        readsElapsedTime = definition.readsElapsedTime
        let t = Timing(model)
        inPoint = t.inPoint
        outPoint = t.outPoint
        frameRate = t.frameRate
        markers = t.markers
        segment = (t.inPoint, t.outPoint)
        frame = t.inPoint
        currentState = definition.initial
        for i in definition.inputs { inputs[i.name] = i.initial }
        inputs[LottieStateMachineDefinition.elapsedTime] = .number(0)
    }

    /// A machine for an archive's animations `scenes` (by their manifest ids), showing
    /// `initial` until a state names another (`LottieStateMachineDefinition.animationIDs`
    /// lists the ones its states name).
    public convenience init(_ definition: LottieStateMachineDefinition, scenes: [String: LottieScene], initial: String) {
        self.init(definition, models: scenes.mapValues(\.model), initial: initial,
                  slots: scenes.mapValues { ($0.slotValues, LottieSlots.referencingKeys($0.slotSource?.json)) })
        self.scenes = scenes.mapValues { WeakScene(scene: $0) }
        geometry = scenes[initial]
    }

    /// `slots`: each animation's slot values and the keys of the properties naming them.
    convenience init(_ definition: LottieStateMachineDefinition, models: [String: LottieAnimationModel], initial: String,
                     slots: [String: (values: [String: JSONValue], keys: [String: String])] = [:]) {
        precondition(models[initial] != nil, "the initial animation is one of the models")
        self.init(definition, model: models[initial]!, slots: slots[initial]?.values ?? [:], slotKeys: slots[initial]?.keys ?? [:])
        animations = models.mapValues(Timing.init)
        animationSlots = slots
        animationID = initial
    }

    /// Shows the animation `id` from now on (its frames, rate and markers).
    private func switchAnimation(to id: String, state: String) {
        guard id != animationID else { return }
        guard let t = animations[id] else {
            if animations.isEmpty {
                notice("state \(DocumentText.quoted(state)): animation \(DocumentText.quoted(id)) is shown as the one loaded")
            } else {
                notice("state \(DocumentText.quoted(state)): no animation \(DocumentText.quoted(id)) was given; \(DocumentText.quoted(animationID ?? "")) stays shown")
            }
            return
        }
        inPoint = t.inPoint; outPoint = t.outPoint; frameRate = t.frameRate; markers = t.markers
        animationID = id
        // The layers the pointer and drags meet are now the shown animation's.
        if let shown = scenes[id]?.scene { geometry = shown }
        // Nothing written survives: the slots are the new animation's own (dotlottie-rs drops the
        // overlay's bookkeeping when the animation changes and reseeds from its authored slots).
        slots.reset(animation: animationSlots[id]?.values ?? [:], keys: animationSlots[id]?.keys ?? [:])
        notice("state \(DocumentText.quoted(state)): animation \(DocumentText.quoted(id))")
    }

    /// Enters the initial state.
    public func start() {
        for line in definition.unsupported { notice(line) }
        started = true
        inputs[LottieStateMachineDefinition.elapsedTime] = .number(0)
        enter(definition.initial)
        if let s = state { slots.enter(s.slots, numericInput) }
        evaluate()
    }

    /// Seeds `SetRandom`'s generator (the same seed draws the same numbers).
    public func seed(_ value: UInt64) { random = PCG32(seed: value) }

    private var state: LottieStateMachineDefinition.State? { definition.states.first { $0.name == currentState } }
    private var global: LottieStateMachineDefinition.State? { definition.states.first { $0.isGlobal } }

    private func notice(_ s: String) {
        if notices.count < Self.maximumNotices { notices.append(s) }
    }

    // MARK: - Inputs

    /// Sets input `name` (its own type) and tries the transitions; a wrong name or type is
    /// refused naming it.
    public func setInput(_ name: String, _ value: Value) throws(DocumentError) {
        guard let current = inputs[name] else { throw DocumentError("input \(DocumentText.quoted(name))", "the state machine has no such input") }
        guard name != LottieStateMachineDefinition.elapsedTime else { throw DocumentError("input \(DocumentText.quoted(name))", "the built-in clock is not set") }
        switch (current, value) {
        case (.bool, .bool), (.number, .number), (.string, .string): break
        case (.event, _): return fire(name)
        default: throw DocumentError("input \(DocumentText.quoted(name))", "expected \(Self.kindName(current)), not \(Self.kindName(value))")
        }
        inputs[name] = value
        slots.inputChanged(name, numericInput)
        chain = 0
        evaluate()
    }

    /// Sets input `name` from text as `--input NAME=VALUE` gives it: `true`/`false` for a
    /// boolean, a number, any text for a string; an event is fired.
    public func setInput(_ name: String, text: String) throws(DocumentError) {
        guard let current = inputs[name] else { throw DocumentError("input \(DocumentText.quoted(name))", "the state machine has no such input") }
        switch current {
        case .bool:
            guard text == "true" || text == "false" else { throw DocumentError("input \(DocumentText.quoted(name))", "expected true or false") }
            try setInput(name, .bool(text == "true"))
        case .number:
            guard let n = Double(text), n.isFinite else { throw DocumentError("input \(DocumentText.quoted(name))", "expected a number") }
            try setInput(name, .number(n))
        case .string: try setInput(name, .string(text))
        case .event: fire(name)
        }
    }

    static func kindName(_ v: Value) -> String {
        switch v {
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .event: return "an event"
        }
    }

    /// Fires event input `name`: transitions whose Event guard names it may be taken now.
    public func fire(_ name: String) {
        guard inputs[name] == .event else { notice("Fire: no event input \(DocumentText.quoted(name))"); return }
        let outer = firing
        firing = name
        chain = 0
        evaluate()
        firing = outer
    }

    // MARK: - Pointer

    public enum PointerEvent: Sendable { case down, up, move, click }

    /// A pointer event at `point` (the animation's coordinates): the layers under it are those
    /// `geometry` names; drags follow it.
    public func pointer(_ event: PointerEvent, at point: Point) {
        let layers = geometry?.layerNames(at: point) ?? []
        chain = 0
        dragPointer(event, at: point, over: layers)
        pointer(event, over: layers)
    }

    /// A pointer event over the layers named `layers` (the Lottie layer names under the
    /// pointer, as `LottieScene.layerNames(at:)` gives them); no position, so
    /// no drag follows it.
    public func pointer(_ event: PointerEvent, over layers: [String]) {
        chain = 0
        let now = Set(layers)
        // Enter and exit come from the move (or press) that changes what is under the pointer.
        let entered = now.subtracting(hovered), exited = hovered.subtracting(now)
        hovered = now
        for i in definition.interactions {
            switch i.kind {
            case .pointerEnter: if let l = i.layerName, entered.contains(l) { run(i.actions) }
            case .pointerExit: if let l = i.layerName, exited.contains(l) { run(i.actions) }
            default: break
            }
        }
        let kind: LottieStateMachineDefinition.InteractionKind
        switch event {
        case .down: kind = .pointerDown
        case .up: kind = .pointerUp
        case .move: kind = .pointerMove
        case .click: kind = .click
        }
        for i in definition.interactions where i.kind == kind {
            if let l = i.layerName, !now.contains(l) { continue }
            if let st = i.stateName, st != currentState { continue }
            run(i.actions)
        }
    }

    /// A click at `point` as a pointer makes one: move there, press, release, click.
    public func click(at point: Point) {
        pointer(.move, at: point)
        pointer(.down, at: point)
        pointer(.up, at: point)
        pointer(.click, at: point)
    }

    /// A click as a pointer makes one: move there, press, release, click.
    public func click(over layers: [String]) {
        pointer(.move, over: layers)
        pointer(.down, over: layers)
        pointer(.up, over: layers)
        pointer(.click, over: layers)
    }

    // MARK: - Time

    /// Advances playback by `seconds` of the caller's clock.
    public func advance(by seconds: Double) {
        guard started, seconds.isFinite, seconds > 0 else { return }
        if case .number(let t)? = inputs[LottieStateMachineDefinition.elapsedTime] {
            inputs[LottieStateMachineDefinition.elapsedTime] = .number(t + seconds)
        }
        advanceDrags(by: seconds)
        let tweening = tween != nil
        if var tw = tween {
            tw.elapsed += seconds
            if tw.elapsed >= tw.duration {
                tween = nil
                frame = tw.target
                chain = 0
                take(tw.to, afterTween: true)
            } else {
                tween = tw
                let p = tw.easing.evaluate(tw.elapsed / tw.duration)
                frame = tw.from + (tw.target - tw.from) * p
                slots.tween(p)
            }
        }
        if readsElapsedTime {
            chain = 0
            evaluate()
        }
        // A tick that tweened plays nothing more (the state entered at its end starts next tick).
        guard isPlaying, !tweening, let s = state else { return }
        let length = segment.end - segment.start
        guard length > 0 else { complete(s); return }
        var step = seconds * frameRate * s.speed
        // Whole loops at once are skipped (bounded work for any step).
        var guardSteps = 0
        while step > 0, isPlaying, guardSteps < 1_000 {
            guardSteps += 1
            let target = direction > 0 ? segment.end : segment.start
            let room = abs(target - frame)
            if step < room { frame += direction * step; return }
            step -= room
            frame = target
            if s.loop {
                if s.mode == .bounce || s.mode == .reverseBounce { direction = -direction }
                else { frame = direction > 0 ? segment.start : segment.end }
                for i in definition.interactions where i.kind == .onLoopComplete && (i.stateName == nil || i.stateName == s.name) { run(i.actions) }
                if currentState != s.name { return }
                if step > length * 2 { step = step.truncatingRemainder(dividingBy: length * 2) }
            } else {
                complete(s)
                return
            }
        }
    }

    private func complete(_ s: LottieStateMachineDefinition.State) {
        isPlaying = false
        for i in definition.interactions where i.kind == .onComplete && (i.stateName == nil || i.stateName == s.name) { run(i.actions) }
        guard currentState == s.name else { return }
        // A transition without guards follows the completed state.
        if let t = s.transitions.first(where: { $0.guards.isEmpty }) {
            chain = 0
            take(t.toState)
        }
    }

    // MARK: - Transitions

    private func evaluate() {
        guard chain < Self.maximumChain else {
            notice("more than \(Self.maximumChain) transitions in a row; stopped in \(DocumentText.quoted(currentState))")
            return
        }
        let candidates = (state?.transitions ?? []) + (global.map { $0.name == currentState ? [] : $0.transitions } ?? [])
        for t in candidates where !t.guards.isEmpty && t.guards.allSatisfy(holds) {
            if t.toState == (tween?.to ?? currentState) { return }
            chain += 1
            if let spec = t.tween, spec.duration > 0, let target = firstFrame(of: t.toState) {
                let e = spec.easing
                tween = (t.toState, frame, target, 0, spec.duration, CAMediaTimingFunction(controlPoints: e[0], e[1], e[2], e[3]))
                isPlaying = false
                slots.startTween(to: definition.states.first { $0.name == t.toState }?.slots ?? [], numericInput)
                notice("\(currentState) ⇢ \(t.toState) (tween \(DocumentText.number(spec.duration)) s)")
                return
            }
            tween = nil
            take(t.toState)
            return
        }
    }

    /// The frame state `name` starts at (nil for a state showing another animation: no tween).
    private func firstFrame(of name: String) -> Double? {
        guard let s = definition.states.first(where: { $0.name == name }), !s.isGlobal else { return nil }
        if !s.animation.isEmpty, let id = animationID, s.animation != id, animations[s.animation] != nil { return nil }
        let seg = s.segment.flatMap { markers[$0] } ?? (inPoint, outPoint)
        return s.mode == .reverse || s.mode == .reverseBounce ? seg.end : seg.start
    }

    private func holds(_ g: LottieStateMachineDefinition.Guard) -> Bool {
        if g.isEvent { return firing == g.input }
        // A guard whose type is not its input's was kept without a comparison: never holds.
        guard let v = inputs[g.input] else { return false }
        let other = g.compareToInput.flatMap { inputs[$0] } ?? g.compareTo
        switch (v, other) {
        case (.number(let a), .number(let b)?):
            switch g.condition {
            case .equal: return a == b
            case .notEqual: return a != b
            case .greaterThan: return a > b
            case .greaterThanOrEqual: return a >= b
            case .lessThan: return a < b
            case .lessThanOrEqual: return a <= b
            }
        case (.bool(let a), .bool(let b)?): return g.condition == .notEqual ? a != b : g.condition == .equal && a == b
        case (.string(let a), .string(let b)?): return g.condition == .notEqual ? a != b : g.condition == .equal && a == b
        default: return false
        }
    }

    /// Leaves the current state for `to`; `afterTween`: a tween into it has ended (its slots
    /// were taken over when it started).
    private func take(_ to: String, afterTween: Bool = false) {
        let from = currentState
        if let s = state { run(s.exitActions) }
        notice("\(from) → \(to)")
        let target = definition.states.first { $0.name == to }
        let declared = target?.isGlobal == false ? target?.slots ?? [] : []
        if afterTween { slots.endTween() } else { slots.release(keeping: declared) }
        enter(to)
        if !afterTween, target?.isGlobal == false { slots.enter(declared, numericInput) }
        evaluate()
    }

    private func enter(_ name: String) {
        guard let s = definition.states.first(where: { $0.name == name }) else { return }
        currentState = name
        history.append(name)
        if history.count > Self.maximumNotices { history.removeFirst(history.count - Self.maximumNotices) }
        if !s.isGlobal {
            if !s.animation.isEmpty { switchAnimation(to: s.animation, state: name) }
            if let m = s.segment {
                if let seg = markers[m] { segment = seg } else { notice("state \(DocumentText.quoted(name)): no marker \(DocumentText.quoted(m)); playing the whole animation"); segment = (inPoint, outPoint) }
            } else {
                segment = (inPoint, outPoint)
            }
            direction = s.mode == .reverse || s.mode == .reverseBounce ? -1 : 1
            frame = direction > 0 ? segment.start : segment.end
            isPlaying = s.autoplay
        }
        run(s.entryActions)
    }

    // MARK: - Actions

    func run(_ actions: [LottieStateMachineDefinition.Action]) {
        for a in actions {
            // Gated actions: dotlottie-rs skips an action whose guards do not all hold.
            if !a.guards.allSatisfy(holds) { continue }
            let name = a.input ?? ""
            let current = inputs[name]
            func set(_ v: Value) { inputs[name] = v; slots.inputChanged(name, numericInput) }
            switch a.type {
            case "Toggle":
                if case .bool(let b)? = current { set(.bool(!b)) } else { notice("Toggle: no boolean input \(DocumentText.quoted(name))"); continue }
            case "SetBoolean":
                var b: Bool?
                switch a.value {
                case .bool(let x)?: b = x
                case .string(let r)? where r.hasPrefix("$"): if case .bool(let x)? = inputs[String(r.dropFirst())] { b = x }
                default: break
                }
                if case .bool? = current, let b { set(.bool(b)) } else { notice("SetBoolean: \(DocumentText.quoted(name)) not set"); continue }
            case "SetNumeric":
                if case .number? = current, let n = number(a.value) { set(.number(n)) } else { notice("SetNumeric: \(DocumentText.quoted(name)) not set"); continue }
            case "SetString":
                // `$NAME` a string input's value, else the text itself (dotlottie-rs's SetString).
                guard case .string? = current, case .string(let s)? = a.value else { notice("SetString: \(DocumentText.quoted(name)) not set"); continue }
                if s.hasPrefix("$"), case .string(let v)? = inputs[String(s.dropFirst())] { set(.string(v)) } else { set(.string(s)) }
            case "Increment", "Decrement", "Multiply", "Floor", "Clamp", "SetRandom":
                guard case .number(let n)? = current else { notice("\(a.type): no numeric input \(DocumentText.quoted(name))"); continue }
                let result: Double?
                switch a.type {
                case "Increment": result = n + (number(a.value) ?? 1)
                case "Decrement": result = n - (number(a.value) ?? 1)
                case "Multiply": result = number(a.value).map { n * $0 }
                case "Floor": result = n.rounded(.down)
                case "SetRandom": result = random.nextUnit()
                default:
                    // Clamp: an absent bound leaves that side open; min > max changes nothing
                    // (dotlottie-rs's clamp test: inverted and absent bounds are no-ops).
                    let lo = a.min.map { number($0) } ?? nil, hi = a.max.map { number($0) } ?? nil
                    if (a.min != nil && lo == nil) || (a.max != nil && hi == nil) { result = nil }
                    else if let lo, let hi, lo > hi { result = n }
                    else { result = Swift.min(Swift.max(n, lo ?? -.infinity), hi ?? .infinity) }
                }
                guard let result, result.isFinite else { notice("\(a.type): \(DocumentText.quoted(name)) not changed"); continue }
                set(.number(result))
            case "Reset":
                if name == LottieStateMachineDefinition.elapsedTime { set(.number(0)); break }
                guard let i = definition.inputs.first(where: { $0.name == name }) else { notice("Reset: no input \(DocumentText.quoted(name))"); continue }
                set(i.initial)
            case "Fire":
                fire(name)
                continue
            case "SetFrame":
                if let f = number(a.value) { frame = min(max(f, inPoint), outPoint) }
                continue
            case "SetProgress":
                // dotlottie-rs's SetProgress takes percent (0…100).
                if let p = number(a.value) { frame = inPoint + (outPoint - inPoint) * min(max(p / 100, 0), 1) }
                continue
            default:
                notice("action \(DocumentText.quoted(a.type)) is not run")
                continue
            }
            evaluate()
        }
    }

    /// Numeric input `name`'s value (not the built-in clock: slots do not bind it).
    func numericInput(_ name: String) -> Double? {
        guard name != LottieStateMachineDefinition.elapsedTime, case .number(let n)? = inputs[name] else { return nil }
        return n
    }

    /// Writes numeric input `name` as a drag publishes it: bound slots follow, transitions are tried.
    func writeNumber(_ name: String, _ value: Double) {
        guard case .number? = inputs[name], value.isFinite else { return }
        inputs[name] = .number(value)
        slots.inputChanged(name, numericInput)
        chain = 0
        evaluate()
    }

    /// A number, or `$NAME` a numeric input's value.
    private func number(_ v: JSONValue?) -> Double? {
        switch v {
        case .number(let n)? where n.isFinite: return n
        case .string(let s)? where s.hasPrefix("$") || s == "@" + LottieStateMachineDefinition.elapsedTime:
            if case .number(let n)? = inputs[s.hasPrefix("$") ? String(s.dropFirst()) : LottieStateMachineDefinition.elapsedTime] { return n }
            return nil
        default: return nil
        }
    }
}
