// Tests of dotLottie state machines on a manual clock, one construct each with scripted input:
// playback states (segment from a marker, autoplay, loop, speed, reverse, bounce), boolean,
// numeric, string and event guards, `$input` comparisons, the global state, guardless
// transitions on completion, pointer down / up / enter / exit / click on a layer by name (and
// the layers under a point of a built scene), actions (toggle, set, increment, decrement,
// reset, fire, set frame / progress, multiply, floor, clamp, set random, gated by guards), the
// built-in elapsedTime clock, tweened transitions, state-declared slots (applied, released,
// bound, tweened, reaching the built tree, belonging to the animation shown), DragAndDrop (free
// mode with drop zones, tween, lock, boundary and state scope; path mode; pick-up by the shape,
// not its box; ghost drags drawing a frozen copy), chains that would spin, and malformed
// machines refused naming the place (reserved and unknown globals among them).

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import TestSupport

@Suite(.freshAnimationContext) struct LottieStateMachineTests {
    /// 60 frames at 30 fps, markers "off" (0–10), "on" (30–40), "ev" (50–55); a layer "Button"
    /// (a 30 × 30 square at 10, 10) and a layer "Backdrop" (a square at 60, 60).
    static let animation = ##"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
     "markers": [{"cm": "off", "tm": 0, "dr": 10}, {"cm": "on", "tm": 30, "dr": 10}, {"cm": "ev", "tm": 50, "dr": 5}],
     "layers": [
       {"ty": 4, "nm": "Button", "ip": 0, "op": 60, "st": 0, "ks": {},
        "shapes": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [25, 25]}, "s": {"a": 0, "k": [30, 30]}, "r": {"a": 0, "k": 0}},
                   {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]},
       {"ty": 4, "nm": "Backdrop", "ip": 0, "op": 60, "st": 0, "ks": {},
        "shapes": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [75, 75]}, "s": {"a": 0, "k": [30, 30]}, "r": {"a": 0, "k": 0}},
                   {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}}]}]}
    """##

    static func machine(_ json: String) throws -> (LottieStateMachine, LottieScene) {
        let scene = try LottieScene.parse(Array(animation.utf8))
        let def = try LottieStateMachineDefinition.decode(try JSONReader.parse(Array(json.utf8)))
        let m = LottieStateMachine(def, model: scene.model)
        m.start()
        return (m, scene)
    }

    static let toggle = ##"""
    {"initial": "off",
     "states": [
       {"name": "off", "type": "PlaybackState", "animation": "", "autoplay": true, "segment": "off",
        "transitions": [{"type": "Transition", "toState": "on", "guards": [{"type": "Boolean", "inputName": "on", "conditionType": "Equal", "compareTo": true}]}]},
       {"name": "on", "type": "PlaybackState", "animation": "", "autoplay": true, "segment": "on", "speed": 2,
        "transitions": [{"type": "Transition", "toState": "off", "guards": [{"type": "Boolean", "inputName": "on", "conditionType": "Equal", "compareTo": false}]}]}],
     "interactions": [{"type": "PointerDown", "layerName": "Button", "actions": [{"type": "Toggle", "inputName": "on"}]}],
     "inputs": [{"type": "Boolean", "name": "on", "value": false}]}
    """##

    @Test func playbackStatePlaysItsMarkerAndHoldsItsEnd() throws {
        let (m, _) = try Self.machine(Self.toggle)
        #expect(m.currentState == "off" && m.frame == 0 && m.isPlaying)
        m.advance(by: 0.2)   // 6 frames
        #expect(abs(m.frame - 6) < 1e-9)
        m.advance(by: 1)
        #expect(m.frame == 10 && !m.isPlaying)
    }

    @Test func booleanGuardAndSpeed() throws {
        let (m, _) = try Self.machine(Self.toggle)
        try m.setInput("on", .bool(true))
        #expect(m.currentState == "on" && m.frame == 30)
        m.advance(by: 0.1)   // 3 frames at speed 2
        #expect(abs(m.frame - 36) < 1e-9)
        try m.setInput("on", text: "false")
        #expect(m.currentState == "off" && m.frame == 0)
        #expect(m.notices.contains("off → on") && m.history == ["off", "on", "off"])
    }

    @Test func pointerDownOnTheNamedLayerTogglesAndElsewhereDoesNothing() throws {
        let (m, scene) = try Self.machine(Self.toggle)
        CAAnimationContext.current.engine.tick(at: 0)
        #expect(scene.layerNames(at: Point(20, 20)) == ["Button"])
        #expect(scene.layerNames(at: Point(75, 75)) == ["Backdrop"])
        #expect(scene.layerNames(at: Point(50, 5)).isEmpty)
        m.click(over: scene.layerNames(at: Point(75, 75)))
        #expect(m.currentState == "off")
        m.click(over: scene.layerNames(at: Point(20, 20)))
        #expect(m.currentState == "on" && m.inputs["on"] == .bool(true))
        m.pointer(.down, over: ["Button"])
        #expect(m.currentState == "off")
    }

    static let guards = ##"""
    {"initial": "idle",
     "states": [
       {"name": "idle", "type": "PlaybackState", "animation": "", "segment": "off",
        "transitions": [{"type": "Transition", "toState": "evented", "guards": [{"type": "Event", "inputName": "go"}]},
                        {"type": "Transition", "toState": "night", "guards": [{"type": "String", "inputName": "mode", "conditionType": "Equal", "compareTo": "night"}]},
                        {"type": "Transition", "toState": "same", "guards": [{"type": "Numeric", "inputName": "level", "conditionType": "Equal", "compareTo": "$target"}]}]},
       {"name": "global", "type": "GlobalState", "animation": "",
        "transitions": [{"type": "Transition", "toState": "high", "guards": [{"type": "Numeric", "inputName": "level", "conditionType": "GreaterThanOrEqual", "compareTo": 5},
                                                                              {"type": "Numeric", "inputName": "level", "conditionType": "LessThan", "compareTo": 100}]}]},
       {"name": "evented", "type": "PlaybackState", "animation": "", "autoplay": true, "segment": "ev",
        "transitions": [{"type": "Transition", "toState": "idle"}]},
       {"name": "night", "type": "PlaybackState", "animation": "", "segment": "on", "mode": "Reverse", "autoplay": true},
       {"name": "same", "type": "PlaybackState", "animation": ""},
       {"name": "high", "type": "PlaybackState", "animation": "", "autoplay": true, "loop": true, "mode": "Bounce", "segment": "on",
        "entryActions": [{"type": "Increment", "inputName": "visits"}]}],
     "interactions": [{"type": "PointerEnter", "layerName": "Backdrop", "actions": [{"type": "SetString", "inputName": "mode", "value": "night"}]},
                      {"type": "PointerExit", "layerName": "Backdrop", "actions": [{"type": "SetNumeric", "inputName": "level", "value": 7}]},
                      {"type": "OnComplete", "stateName": "evented", "actions": [{"type": "Increment", "inputName": "visits", "value": 10}]}],
     "inputs": [{"type": "Event", "name": "go"}, {"type": "String", "name": "mode", "value": "day"},
                {"type": "Numeric", "name": "level", "value": 0}, {"type": "Numeric", "name": "target", "value": 3},
                {"type": "Numeric", "name": "visits", "value": 0}]}
    """##

    @Test func eventGuardHoldsOnlyWhileFiredAndGuardlessFollowsCompletion() throws {
        let (m, _) = try Self.machine(Self.guards)
        #expect(m.currentState == "idle" && !m.isPlaying)
        m.fire("go")
        #expect(m.currentState == "evented" && m.frame == 50)
        // The event is over: back in idle later, it does not hold again.
        m.advance(by: 1)
        #expect(m.currentState == "idle" && m.inputs["visits"] == .number(10))
    }

    @Test func stringGuardReverseAndPointerEnter() throws {
        let (m, _) = try Self.machine(Self.guards)
        m.pointer(.move, over: ["Button"])
        #expect(m.currentState == "idle")
        m.pointer(.move, over: ["Backdrop"])
        #expect(m.currentState == "night" && m.frame == 40)
        m.advance(by: 0.1)
        #expect(abs(m.frame - 37) < 1e-9)
    }

    @Test func numericGuardsInputComparisonsAndTheGlobalState() throws {
        let (m, _) = try Self.machine(Self.guards)
        try m.setInput("level", .number(4))
        #expect(m.currentState == "idle")
        try m.setInput("level", .number(3))   // equal to input "target"
        #expect(m.currentState == "same")
        try m.setInput("level", text: "5")
        #expect(m.currentState == "high" && m.inputs["visits"] == .number(1))
        // Bounce loops: 30 → 40 → back down.
        m.advance(by: 0.5)   // 15 frames: up 10, down 5
        #expect(abs(m.frame - 35) < 1e-9 && m.isPlaying)
        // Pointer exit from Backdrop sets level 7: still high (no transition to itself).
        m.pointer(.move, over: ["Backdrop"])
        m.pointer(.move, over: [])
        #expect(m.currentState == "high" && m.inputs["level"] == .number(7))
    }

    @Test func actionsResetSetFrameAndProgress() throws {
        let json = ##"""
        {"initial": "a", "states": [{"name": "a", "type": "PlaybackState", "animation": ""}],
         "interactions": [{"type": "PointerUp", "actions": [{"type": "Decrement", "inputName": "n", "value": 2}, {"type": "SetFrame", "value": "$n"}]},
                          {"type": "Click", "actions": [{"type": "Reset", "inputName": "n"}, {"type": "SetProgress", "value": 50}, {"type": "OpenUrl", "url": "https://example.com"}]}],
         "inputs": [{"type": "Numeric", "name": "n", "value": 20}]}
        """##
        let (m, _) = try Self.machine(json)
        m.pointer(.up, over: [])
        #expect(m.inputs["n"] == .number(18) && m.frame == 18)
        m.pointer(.click, over: [])
        #expect(m.inputs["n"] == .number(20) && m.frame == 30)
        #expect(m.notices.contains("action \"OpenUrl\" is not run"))
    }

    @Test func chainsThatWouldSpinStop() throws {
        let json = ##"""
        {"initial": "a", "states": [
          {"name": "a", "type": "PlaybackState", "animation": "", "entryActions": [{"type": "SetBoolean", "inputName": "b", "value": true}],
           "transitions": [{"type": "Transition", "toState": "b", "guards": [{"type": "Boolean", "inputName": "b", "conditionType": "Equal", "compareTo": true}]}]},
          {"name": "b", "type": "PlaybackState", "animation": "", "entryActions": [{"type": "SetBoolean", "inputName": "b", "value": false}],
           "transitions": [{"type": "Transition", "toState": "a", "guards": [{"type": "Boolean", "inputName": "b", "conditionType": "Equal", "compareTo": false}]}]}],
         "inputs": [{"type": "Boolean", "name": "b", "value": false}]}
        """##
        let (m, _) = try Self.machine(json)
        #expect(m.notices.contains { $0.hasPrefix("more than \(LottieStateMachine.maximumChain) transitions in a row") })
    }

    /// A second animation: 60 fps, frames 100…160, marker "spin" (120–140).
    static let second = ##"""
    {"v": "5.7.0", "fr": 60, "ip": 100, "op": 160, "w": 100, "h": 100, "markers": [{"cm": "spin", "tm": 120, "dr": 20}], "layers": []}
    """##

    static let switching = ##"""
    {"initial": "a",
     "states": [
       {"name": "a", "type": "PlaybackState", "animation": "main", "autoplay": true, "segment": "on",
        "transitions": [{"type": "Transition", "toState": "b", "guards": [{"type": "Boolean", "inputName": "go", "conditionType": "Equal", "compareTo": true}]}]},
       {"name": "b", "type": "PlaybackState", "animation": "second", "autoplay": true, "segment": "spin",
        "transitions": [{"type": "Transition", "toState": "a", "guards": [{"type": "Boolean", "inputName": "go", "conditionType": "Equal", "compareTo": false}]},
                        {"type": "Transition", "toState": "c", "guards": [{"type": "Event", "inputName": "away"}]}]},
       {"name": "c", "type": "PlaybackState", "animation": "third", "autoplay": true}],
     "inputs": [{"type": "Boolean", "name": "go", "value": false}, {"type": "Event", "name": "away"}]}
    """##

    @Test func aStateNamingAnotherAnimationSwitchesToIt() throws {
        let def = try LottieStateMachineDefinition.decode(try JSONReader.parse(Array(Self.switching.utf8)))
        #expect(def.animationIDs == ["main", "second", "third"])
        let main = try LottieScene.parse(Array(Self.animation.utf8)), second = try LottieScene.parse(Array(Self.second.utf8))
        let m = LottieStateMachine(def, scenes: ["main": main, "second": second], initial: "main")
        m.start()
        #expect(m.animationID == "main" && m.frame == 30)
        try m.setInput("go", .bool(true))
        // The second animation's marker, played at its own 60 fps.
        #expect(m.currentState == "b" && m.animationID == "second" && m.frame == 120)
        m.advance(by: 0.1)
        #expect(abs(m.frame - 126) < 1e-9)
        m.advance(by: 1)
        #expect(m.frame == 140 && !m.isPlaying)
        // An animation the machine was not given: a notice, the one shown stays.
        m.fire("away")
        #expect(m.currentState == "c" && m.animationID == "second")
        #expect(m.notices.contains(#"state "c": no animation "third" was given; "second" stays shown"#), "\(m.notices)")
        // Back to the first animation and its marker at 30 fps.
        let (m2, _) = (LottieStateMachine(def, scenes: ["main": main, "second": second], initial: "main"), 0)
        m2.start()
        try m2.setInput("go", .bool(true))
        try m2.setInput("go", .bool(false))
        #expect(m2.currentState == "a" && m2.animationID == "main" && m2.frame == 30)
        m2.advance(by: 0.1)
        #expect(abs(m2.frame - 33) < 1e-9)
    }

    @Test func anArchivesStateMachineLoadsTheAnimationsItsStatesName() throws {
        let bytes = try LottieArchiveTests.archive([
            ("manifest.json", Array(#"{"version": "2", "animations": [{"id": "main"}, {"id": "second"}], "stateMachines": [{"id": "sw"}]}"#.utf8)),
            ("a/main.json", Array(Self.animation.utf8)),
            ("a/second.json", Array(Self.second.utf8)),
            ("s/sw.json", Array(Self.switching.replacingOccurrences(of: #""animation": "third", "#, with: "").utf8)),
        ])
        let shown = try LottieScene.parse(bytes)
        #expect(shown.animationID == "main")
        let (_, def) = try LottieScene.stateMachine(bytes, id: nil)
        var loaded: [String] = []
        let m = try LottieScene.stateMachine(def, shown: shown, id: "main") { (id: String) throws(DocumentError) -> LottieScene in
            loaded.append(id)
            return try LottieScene.parse(bytes, animation: id)
        }
        #expect(loaded == ["second"])
        m.start()
        try m.setInput("go", .bool(true))
        #expect(m.animationID == "second" && m.frame == 120)
        // A state naming an animation the archive lacks is refused as loading it is.
        let broken = try LottieStateMachineDefinition.decode(try JSONReader.parse(Array(Self.switching.utf8)))
        #expect(throws: DocumentError.self) {
            _ = try LottieScene.stateMachine(broken, shown: shown, id: "main") { (id: String) throws(DocumentError) -> LottieScene in
                try LottieScene.parse(bytes, animation: id)
            }
        }
    }

    @Test func malformedMachinesAreRefusedNamingThePlace() throws {
        func refusal(_ json: String) -> String? {
            do { _ = try LottieStateMachineDefinition.decode(try JSONReader.parse(Array(json.utf8)), place: "s/x.json"); return nil }
            catch let e as DocumentError { return e.description } catch { return "\(error)" }
        }
        #expect(refusal(#"{"states": []}"#) == "s/x.json: initial: expected a string")
        #expect(refusal(#"{"initial": "z", "states": [{"name": "a", "type": "PlaybackState"}]}"#) == #"s/x.json: initial: no state "z""#)
        #expect(refusal(#"{"initial": "a", "states": [{"name": "a", "type": "PlaybackState", "transitions": [{"type": "Transition", "toState": "q"}]}]}"#)
                == #"s/x.json: states: state "a": a transition to no state "q""#)
        #expect(refusal(#"{"initial": "a", "states": [{"name": "a", "type": "PlaybackState", "transitions": [{"type": "Transition", "toState": "a", "guards": [{"type": "Numeric", "inputName": "nope", "conditionType": "Equal", "compareTo": 1}]}]}]}"#)
                == #"s/x.json: states[0].transitions[0].guards[0]: no input "nope""#)
        #expect(refusal(#"{"initial": "a", "states": [{"name": "a", "type": "Wobble"}]}"#)?.contains("expected PlaybackState or GlobalState") == true)
        #expect(refusal(#"{"initial": "a", "states": [{"name": "a", "type": "PlaybackState"}], "inputs": [{"type": "Boolean", "name": "b", "value": 3}]}"#)
                == "s/x.json: inputs[0]: expected a boolean value")
        let (m, _) = try Self.machine(Self.toggle)
        #expect(throws: DocumentError.self) { try m.setInput("on", .number(1)) }
        #expect(throws: DocumentError.self) { try m.setInput("missing", text: "1") }
        #expect(throws: DocumentError.self) { try m.setInput("on", text: "yes") }
    }

    // MARK: - Constructs of dotlottie-rs's own machines (learnt from its engine and tests)

    static func number(_ m: LottieStateMachine, _ name: String) -> Double? {
        if case .number(let n)? = m.inputs[name] { return n }
        return nil
    }

    @Test func elapsedTimeGuardsTransitionsOnTheClockAndResetRestartsIt() throws {
        // Two states swapping every half second, each resetting the clock on entry; a third
        // guard compares with "@elapsedTime" and an interaction adds it to an input.
        let (m, _) = try Self.machine(##"""
        {"initial": "a",
         "states": [
           {"name": "a", "type": "PlaybackState", "animation": "", "entryActions": [{"type": "Reset", "inputName": "elapsedTime"}],
            "transitions": [{"type": "Transition", "toState": "b", "guards": [{"type": "Numeric", "inputName": "elapsedTime", "conditionType": "GreaterThan", "compareTo": 0.5}]}]},
           {"name": "b", "type": "PlaybackState", "animation": "", "entryActions": [{"type": "Reset", "inputName": "elapsedTime"}],
            "transitions": [{"type": "Transition", "toState": "a", "guards": [{"type": "Numeric", "inputName": "limit", "conditionType": "LessThan", "compareTo": "@elapsedTime"}]}]}],
         "interactions": [{"type": "PointerDown", "actions": [{"type": "Increment", "inputName": "stamp", "value": "@elapsedTime"}]}],
         "inputs": [{"type": "Numeric", "name": "limit", "value": 0.5}, {"type": "Numeric", "name": "stamp", "value": 1}]}
        """##)
        m.advance(by: 0.3)
        #expect(m.currentState == "a" && Self.number(m, "elapsedTime") == 0.3)
        m.pointer(.down, over: [])
        #expect(Self.number(m, "stamp") == 1.3)
        m.advance(by: 0.3)
        #expect(m.currentState == "b" && Self.number(m, "elapsedTime") == 0)
        m.advance(by: 0.6)
        #expect(m.currentState == "a")
        #expect(throws: DocumentError.self) { try m.setInput("elapsedTime", .number(3)) }

        // A machine no guard of which reads the clock does not try its transitions on ticks:
        // the entry action ran once.
        let (n, _) = try Self.machine(##"""
        {"initial": "idle", "states": [{"name": "idle", "type": "PlaybackState", "animation": "", "entryActions": [{"type": "Increment", "inputName": "counter"}]}],
         "inputs": [{"type": "Numeric", "name": "counter", "value": 0}]}
        """##)
        for _ in 0..<50 { n.advance(by: 0.016) }
        #expect(Self.number(n, "counter") == 1 && abs((Self.number(n, "elapsedTime") ?? 0) - 0.8) < 1e-9)
    }

    @Test func numericActionsMultiplyFloorClampAndSetRandom() throws {
        // A global state entering one state per value of "op" (0 a resting state, so each case
        // enters its state afresh); each state's entry actions act on x.
        func state(_ name: String, _ action: String) -> String {
            #"{"name": "\#(name)", "type": "PlaybackState", "animation": "", "entryActions": [\#(action)]}"#
        }
        let ops = [state("rest", ""), state("mul", #"{"type": "Multiply", "inputName": "x", "value": "$k"}"#),
                   state("floor", #"{"type": "Floor", "inputName": "x"}"#),
                   state("clamp", #"{"type": "Clamp", "inputName": "x", "min": "$lo", "max": 20}"#),
                   state("upper", #"{"type": "Clamp", "inputName": "x", "max": 20}"#),
                   state("inverted", #"{"type": "Clamp", "inputName": "x", "min": 20, "max": 10}"#),
                   state("bad", #"{"type": "Multiply", "inputName": "x", "value": "$nothing"}"#),
                   state("roll", #"{"type": "SetRandom", "inputName": "x"}, {"type": "Multiply", "inputName": "x", "value": 6}, {"type": "Floor", "inputName": "x"}"#)]
        let names = ["rest", "mul", "floor", "clamp", "upper", "inverted", "bad", "roll"]
        let transitions = names.enumerated().map { i, n in
            #"{"type": "Transition", "toState": "\#(n)", "guards": [{"type": "Numeric", "inputName": "op", "conditionType": "Equal", "compareTo": \#(i)}]}"#
        }
        let json = #"{"initial": "g", "states": [{"name": "g", "type": "GlobalState", "transitions": [\#(transitions.joined(separator: ","))]}, \#(ops.joined(separator: ","))], "inputs": [{"type": "Numeric", "name": "x", "value": 0}, {"type": "Numeric", "name": "op", "value": 0}, {"type": "Numeric", "name": "k", "value": 3}, {"type": "Numeric", "name": "lo", "value": 10}]}"#
        let (m, _) = try Self.machine(json)
        func run(_ x: Double, _ op: Double) throws -> Double? {
            try m.setInput("op", .number(0))
            try m.setInput("x", .number(x))
            try m.setInput("op", .number(op))
            return Self.number(m, "x")
        }
        #expect(try run(4, 1) == 12)        // Multiply by $k
        #expect(try run(-1.2, 2) == -2)     // Floor rounds down
        #expect(try run(5, 3) == 10)        // Clamp to [$lo, 20]
        #expect(try run(25, 3) == 20)
        #expect(try run(-7, 4) == -7)       // max only: no lower bound
        #expect(try run(25, 4) == 20)
        #expect(try run(50, 5) == 50)       // inverted bounds change nothing
        #expect(try run(7, 6) == 7)         // an operand naming no input changes nothing
        let roll = try run(0, 7) ?? -1
        #expect((0...5).contains(roll) && roll == roll.rounded(.down))
        // The same seed draws the same numbers.
        m.seed(99)
        let first = try run(0, 7)
        m.seed(99)
        #expect(try run(0, 7) == first)
        // Every draw is in [0, 1).
        var g = PCG32(seed: PCG32.defaultSeed)
        for _ in 0..<1_000 { let u = g.nextUnit(); #expect(u >= 0 && u < 1) }
    }

    @Test func gatedActionsRunOnlyWhenTheirGuardsHold() throws {
        let (m, _) = try Self.machine(##"""
        {"initial": "a",
         "states": [
           {"name": "a", "type": "PlaybackState", "animation": "",
            "transitions": [{"type": "Transition", "toState": "b", "guards": [{"type": "Event", "inputName": "go"}]}],
            "exitActions": [{"type": "SetNumeric", "inputName": "skipped", "value": 1, "guards": [{"type": "Boolean", "inputName": "gate", "conditionType": "Equal", "compareTo": true}]},
                            {"type": "SetNumeric", "inputName": "ran", "value": 1}]},
           {"name": "b", "type": "PlaybackState", "animation": "",
            "entryActions": [{"type": "Increment", "inputName": "counter"},
                             {"type": "SetBoolean", "inputName": "done", "value": true, "guards": [{"type": "Numeric", "inputName": "counter", "conditionType": "Equal", "compareTo": "$one"}]},
                             {"type": "SetBoolean", "inputName": "fired", "value": true, "guards": [{"type": "Event", "inputName": "go"}]}]}],
         "interactions": [{"type": "PointerDown", "actions": [{"type": "SetBoolean", "inputName": "armed", "value": true},
                                                              {"type": "Fire", "inputName": "go", "guards": [{"type": "Boolean", "inputName": "armed", "conditionType": "Equal", "compareTo": true}]}]}],
         "inputs": [{"type": "Boolean", "name": "gate", "value": false}, {"type": "Boolean", "name": "armed", "value": false},
                    {"type": "Boolean", "name": "done", "value": false}, {"type": "Boolean", "name": "fired", "value": false},
                    {"type": "Numeric", "name": "skipped", "value": 0}, {"type": "Numeric", "name": "ran", "value": 0},
                    {"type": "Numeric", "name": "counter", "value": 0}, {"type": "Numeric", "name": "one", "value": 1}, {"type": "Event", "name": "go"}]}
        """##)
        m.pointer(.down, over: [])
        // The Fire ran (armed by the action before it), the exit action behind a closed gate did
        // not, the entry actions saw the counter at 1 and the event being fired.
        #expect(m.currentState == "b")
        #expect(Self.number(m, "skipped") == 0 && Self.number(m, "ran") == 1)
        #expect(m.inputs["done"] == .bool(true) && m.inputs["fired"] == .bool(true))
    }

    @Test func tweenedTransitionMovesTheFrameThenEntersAndRetargets() throws {
        func tweened(_ to: String, _ value: Int) -> String {
            #"{"type": "Tweened", "toState": "\#(to)", "duration": 1, "easing": [0, 0, 1, 1], "guards": [{"type": "Numeric", "inputName": "n", "conditionType": "Equal", "compareTo": \#(value)}]}"#
        }
        let json = #"""
        {"initial": "off", "states": [
           {"name": "g", "type": "GlobalState", "transitions": [\#(tweened("on", 1)), \#(tweened("ev", 2)),
              {"type": "Transition", "toState": "off", "guards": [{"type": "Numeric", "inputName": "n", "conditionType": "Equal", "compareTo": 3}]}]},
           {"name": "off", "type": "PlaybackState", "animation": "", "segment": "off"},
           {"name": "on", "type": "PlaybackState", "animation": "", "segment": "on", "autoplay": true},
           {"name": "ev", "type": "PlaybackState", "animation": "", "segment": "ev", "mode": "Reverse"}],
         "inputs": [{"type": "Numeric", "name": "n", "value": 0}]}
        """#
        let (m, _) = try Self.machine(json)
        try m.setInput("n", .number(1))
        // The state stays "off" while the frame moves from 0 to "on"'s first frame, 30.
        #expect(m.currentState == "off" && m.tweeningTo == "on" && !m.isPlaying)
        m.advance(by: 0.5)
        #expect(abs(m.frame - 15) < 0.01 && m.currentState == "off")
        m.advance(by: 0.5)
        #expect(m.currentState == "on" && m.frame == 30 && m.isPlaying && m.tweeningTo == nil)
        #expect(m.history == ["off", "on"])

        // Retargeted half-way: from frame 15 towards "ev"'s last frame (Reverse), 55; "on" is
        // never entered. A plain transition then cancels a tween at once.
        let (r, _) = try Self.machine(json)
        try r.setInput("n", .number(1))
        r.advance(by: 0.5)
        try r.setInput("n", .number(2))
        #expect(r.tweeningTo == "ev")
        r.advance(by: 0.5)
        #expect(abs(r.frame - 35) < 0.01)
        r.advance(by: 0.5)
        #expect(r.currentState == "ev" && r.frame == 55 && r.history == ["off", "ev"])
        try r.setInput("n", .number(1))
        r.advance(by: 0.25)
        try r.setInput("n", .number(3))
        #expect(r.currentState == "off" && r.tweeningTo == nil && r.frame == 0)
    }

    @Test func dotLottieRsLeniencesAndWhatIsReportedUnsupported() throws {
        // A Boolean guard on a string input loads and never holds (dotlottie-rs's sanity test
        // loads one); DragAndDrop and state slots are reported once on start; a pointer
        // interaction naming a state runs only in it.
        let (m, _) = try Self.machine(##"""
        {"initial": "a",
         "states": [
           {"name": "a", "type": "PlaybackState", "animation": "", "slots": [{"slotId": "pos", "type": "Position", "value": ["$x", 0]}],
            "transitions": [{"type": "Transition", "toState": "b", "guards": [{"type": "Boolean", "inputName": "s", "conditionType": "Equal", "compareTo": true}]},
                            {"type": "Transition", "toState": "b", "guards": [{"type": "Numeric", "inputName": "x", "conditionType": "Equal", "compareTo": 1}]}]},
           {"name": "b", "type": "PlaybackState", "animation": ""}],
         "interactions": [{"type": "DragAndDrop", "layerName": "Button", "slotId": "pos", "dropZones": []},
                          {"type": "PointerUp", "stateName": "b", "actions": [{"type": "Increment", "inputName": "x"}]}],
         "inputs": [{"type": "String", "name": "s", "value": "true"}, {"type": "Numeric", "name": "x", "value": 0}]}
        """##)
        #expect(m.currentState == "a")
        // State slots and drags run now: nothing of this machine is reported unsupported.
        #expect(m.definition.unsupported.isEmpty && m.definition.drags.count == 1, "\(m.notices)")
        m.pointer(.up, over: [])
        #expect(Self.number(m, "x") == 0)
        try m.setInput("x", .number(1))
        m.pointer(.up, over: [])
        #expect(m.currentState == "b" && Self.number(m, "x") == 2)
    }

    @Test func reservedAndUnknownGlobalsAreRefused() throws {
        func refusal(_ json: String) -> String? {
            do { _ = try LottieStateMachineDefinition.decode(try JSONReader.parse(Array(json.utf8))); return nil }
            catch let e as DocumentError { return e.description } catch { return "\(error)" }
        }
        func one(entry: String = "", interaction: String = "", guards: String = "", inputs: String = "") -> String {
            #"{"initial": "a", "states": [{"name": "a", "type": "PlaybackState", "entryActions": [\#(entry)], "transitions": [{"type": "Transition", "toState": "a", "guards": [\#(guards)]}]}], "interactions": [\#(interaction)], "inputs": [\#(inputs)]}"#
        }
        #expect(refusal(one(inputs: #"{"type": "Numeric", "name": "elapsedTime", "value": 0}"#)) == #"inputs[0]: "elapsedTime" is reserved (the built-in elapsedTime)"#)
        #expect(refusal(one(entry: #"{"type": "SetNumeric", "inputName": "elapsedTime", "value": 5}"#)) == "states[0].entryActions[0]: SetNumeric writes the built-in elapsedTime (only Reset may)")
        #expect(refusal(one(interaction: #"{"type": "PointerDown", "actions": [{"type": "Increment", "inputName": "elapsedTime"}]}"#)) == "interactions[0].actions[0]: Increment writes the built-in elapsedTime (only Reset may)")
        #expect(refusal(one(interaction: #"{"type": "PointerDown", "actions": [{"type": "Increment", "inputName": "n", "value": "@createdAt"}]}"#, inputs: #"{"type": "Numeric", "name": "n", "value": 0}"#))
                == #"interactions[0].actions[0].value: unknown global "@createdAt" (only @elapsedTime exists)"#)
        #expect(refusal(one(guards: #"{"type": "Numeric", "inputName": "n", "conditionType": "GreaterThan", "compareTo": "@something"}"#, inputs: #"{"type": "Numeric", "name": "n", "value": 0}"#))
                == #"states[0].transitions[0].guards[0]: unknown global "@something" (only @elapsedTime exists)"#)
        #expect(refusal(one(guards: #"{"type": "Numeric", "inputName": "@createdAt", "conditionType": "GreaterThan", "compareTo": 1}"#))
                == #"states[0].transitions[0].guards[0]: unknown global "@createdAt" (only @elapsedTime exists)"#)
        #expect(refusal(one(entry: #"{"type": "Reset", "inputName": "elapsedTime"}"#, guards: #"{"type": "Numeric", "inputName": "elapsedTime", "conditionType": "GreaterThan", "compareTo": "$elapsedTime"}"#)) == nil)
        #expect(refusal(#"{"initial": "a", "states": [{"name": "a", "type": "PlaybackState", "transitions": [{"type": "Tweened", "toState": "a", "duration": -1}]}]}"#)
                == "states[0].transitions[0].duration: expected seconds within [0, 3600]")
    }

    // MARK: - State slots

    /// A ball with two slots, as dotlottie-rs's bouncy_ball.json has them: `ball_color` (a
    /// static Color 0.71, 0.192, 0.278) on its fill and `ball_opacity` (a static Scalar 100) on
    /// its fill's opacity.
    static let ball = ##"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
     "slots": {"ball_color": {"p": {"a": 0, "k": [0.71, 0.192, 0.278]}}, "ball_opacity": {"p": {"a": 0, "k": 100}}},
     "layers": [{"ty": 4, "nm": "ball", "ip": 0, "op": 60, "st": 0, "ks": {},
       "shapes": [{"ty": "el", "nm": "E", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}},
                  {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [0, 0, 0], "sid": "ball_color"}, "o": {"a": 0, "k": 100, "sid": "ball_opacity"}}]}]}
    """##

    /// States a → b → c → d on `trigger` 1, 2, 3 (plain or tweened over 1 s, linear), as
    /// dotlottie-rs's state_slot_tests machines: b declares `slotsB`, c declares `slotsC`.
    static func slotMachine(_ slotsB: String, _ slotsC: String = "[]", tweened: Bool = false, inputs: String = "") -> String {
        func go(_ to: String, _ n: Int) -> String {
            let kind = tweened ? #""type": "Tweened", "duration": 1, "easing": [0, 0, 1, 1]"# : #""type": "Transition""#
            return #"[{\#(kind), "toState": "\#(to)", "guards": [{"type": "Numeric", "inputName": "trigger", "conditionType": "Equal", "compareTo": \#(n)}]}]"#
        }
        return #"""
        {"initial": "a", "states": [
          {"name": "a", "type": "PlaybackState", "animation": "", "transitions": \#(go("b", 1))},
          {"name": "b", "type": "PlaybackState", "animation": "", "slots": \#(slotsB), "transitions": \#(go("c", 2))},
          {"name": "c", "type": "PlaybackState", "animation": "", "slots": \#(slotsC), "transitions": \#(go("d", 3))},
          {"name": "d", "type": "PlaybackState", "animation": ""}],
         "inputs": [{"type": "Numeric", "name": "trigger", "value": 0}\#(inputs)]}
        """#
    }

    static func slotted(_ json: String, animation: String = ball) throws -> (LottieStateMachine, LottieScene) {
        let scene = try LottieScene.parse(Array(animation.utf8))
        let m = LottieStateMachine(try LottieStateMachineDefinition.decode(try JSONReader.parse(Array(json.utf8))), scene: scene)
        m.start()
        return (m, scene)
    }

    /// Slot `id`'s value the machine has written (nil: the animation's own).
    static func slot(_ m: LottieStateMachine, _ id: String) -> [Double]? {
        switch m.slotValues[id]?["k"] {
        case .number(let n)?: return [n]
        case .array(let a)?: return a.compactMap { if case .number(let n) = $0 { return n }; return nil }
        default: return nil
        }
    }

    static func near(_ a: [Double]?, _ b: [Double]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) < 1e-3 }
    }

    @Test func stateSlotsApplyReleaseToTheirBaseAndBindInputs() throws {
        // dotlottie-rs's state_machine_state_slots.rs: instant_apply_on_entry,
        // redeclared_slot_keeps_base_and_partial_release_restores.
        let (m, scene) = try Self.slotted(Self.slotMachine(
            #"[{"slotId": "ball_color", "type": "Color", "value": [1, 0, 0]}, {"slotId": "ball_opacity", "type": "Scalar", "value": "$opacity"}]"#,
            #"[{"slotId": "ball_color", "type": "Color", "value": [0, 1, 0]}]"#, inputs: #", {"type": "Numeric", "name": "opacity", "value": 42}"#))
        #expect(m.slotValues.isEmpty)
        try m.setInput("trigger", .number(1))
        #expect(m.currentState == "b" && Self.near(Self.slot(m, "ball_color"), [1, 0, 0]) && Self.near(Self.slot(m, "ball_opacity"), [42]))
        // The values reach the built tree: the fill is red now.
        try scene.applySlots(m.slotValues)
        let fill = { () -> [Double]? in
            var stack = scene.root.sublayers ?? []
            while let l = stack.popLast() {
                if let s = l as? CAShapeLayer, let c = s.fillColor { return [c.r, c.g, c.b].map { ($0 * 1000).rounded() / 1000 } }
                stack += l.sublayers ?? []
            }
            return nil
        }
        #expect(fill() == [1, 0, 0])
        try m.setInput("trigger", .number(2))
        #expect(m.currentState == "c" && Self.near(Self.slot(m, "ball_color"), [0, 1, 0]) && Self.slot(m, "ball_opacity") == nil)
        try m.setInput("trigger", .number(3))
        #expect(m.currentState == "d" && m.slotValues.isEmpty)
        try scene.applySlots(m.slotValues)
        #expect(fill() == [0.71, 0.192, 0.278])

        // live_binding_reapplies_on_input_change: bound while current, released on exit.
        let (b, _) = try Self.slotted(Self.slotMachine(
            #"[{"slotId": "ball_color", "type": "Color", "value": ["$r", 0, 0]}, {"slotId": "ball_opacity", "type": "Scalar", "value": "$level"}]"#,
            inputs: #", {"type": "Numeric", "name": "r", "value": 0}, {"type": "Numeric", "name": "level", "value": 30}"#))
        try b.setInput("trigger", .number(1))
        #expect(Self.near(Self.slot(b, "ball_color"), [0, 0, 0]) && Self.near(Self.slot(b, "ball_opacity"), [30]))
        try b.setInput("r", .number(0.75))
        try b.setInput("level", .number(80))
        #expect(Self.near(Self.slot(b, "ball_color"), [0.75, 0, 0]) && Self.near(Self.slot(b, "ball_opacity"), [80]))
        try b.setInput("trigger", .number(2))
        try b.setInput("r", .number(0.2))
        #expect(b.currentState == "c" && b.slotValues.isEmpty)

        // invalid_entries_are_silent_no_ops: no slot, wrong type, no input, wrong count, a global.
        let (x, _) = try Self.slotted(Self.slotMachine(#"""
            [{"slotId": "does_not_exist", "type": "Color", "value": [1, 0, 0]}, {"slotId": "ball_color", "type": "Scalar", "value": 5},
             {"slotId": "ball_opacity", "type": "Scalar", "value": "$missing_input"}, {"slotId": "ball_color", "type": "Color", "value": [1, 0]},
             {"slotId": "ball_opacity", "type": "Scalar", "value": "$@elapsedTime"}]
            """#))
        try x.setInput("trigger", .number(1))
        #expect(x.currentState == "b" && x.slotValues.isEmpty)
    }

    @Test func aSlotTakesTheTypeOfThePropertyThatNamesIt() throws {
        // An After Effects position has three components (z): by its value alone it would read
        // as a colour, and a Position entry would do nothing. Its `sid` sits on a layer's `p`.
        let ball = Self.ball.replacingOccurrences(of: #""ks": {}"#, with: #""ks": {"p": {"a": 0, "k": [10, 20, 0], "sid": "ball_at"}}"#)
            .replacingOccurrences(of: #""slots": {"#, with: #""slots": {"ball_at": {"p": {"a": 0, "k": [10, 20, 0]}}, "#)
        let (m, scene) = try Self.slotted(Self.slotMachine(#"[{"slotId": "ball_at", "type": "Position", "value": [60, "$y"]}]"#,
                                                           tweened: true, inputs: #", {"type": "Numeric", "name": "y", "value": 70}"#), animation: ball)
        try m.setInput("trigger", .number(1))
        m.advance(by: 0.5)
        #expect(Self.near(Self.slot(m, "ball_at"), [35, 45, 0]))
        m.advance(by: 0.6)
        #expect(m.currentState == "b" && Self.near(Self.slot(m, "ball_at"), [60, 70, 0]))
        try scene.applySlots(m.slotValues)
        let at = scene.layerPosition(named: "ball")
        #expect(at.map { [$0.x, $0.y] } == [60, 70])
    }

    @Test func tweenedTransitionsInterpolateStateSlotsBothWays() throws {
        // dotlottie-rs's tweened_transition_interpolates_slots and tweened_exit_tweens_back_to_base.
        let (m, _) = try Self.slotted(Self.slotMachine(
            #"[{"slotId": "ball_color", "type": "Color", "value": [1, 0, 0]}, {"slotId": "ball_opacity", "type": "Scalar", "value": 10}]"#, tweened: true))
        try m.setInput("trigger", .number(1))
        #expect(m.currentState == "a" && m.tweeningTo == "b" && m.slotValues.isEmpty)
        m.advance(by: 0.5)
        #expect(Self.near(Self.slot(m, "ball_color"), [(0.71 + 1) / 2, 0.192 / 2, 0.278 / 2]) && Self.near(Self.slot(m, "ball_opacity"), [55]))
        m.advance(by: 0.6)
        #expect(m.currentState == "b" && Self.near(Self.slot(m, "ball_color"), [1, 0, 0]) && Self.near(Self.slot(m, "ball_opacity"), [10]))
        try m.setInput("trigger", .number(2))
        m.advance(by: 0.5)
        #expect(Self.near(Self.slot(m, "ball_color"), [(1 + 0.71) / 2, 0.192 / 2, 0.278 / 2]) && Self.near(Self.slot(m, "ball_opacity"), [55]))
        m.advance(by: 0.6)
        #expect(m.currentState == "c" && m.slotValues.isEmpty)
    }

    // MARK: - DragAndDrop

    /// 200 × 200: "Star" (a 20 × 20 square) placed by the slot `star_pos` (40, 160); "zone" (a
    /// 30 × 30 square at 60, 40); "wall" (a 100 × 100 square at 100, 100); "track" (a straight
    /// path from 10, 190 to 190, 190) and "knob" (a 16 × 16 square at 10, 190).
    static let board = ##"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 200,
     "slots": {"star_pos": {"p": {"a": 0, "k": [40, 160]}}},
     "layers": [
       {"ty": 4, "nm": "Star", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0], "sid": "star_pos"}},
        "shapes": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                   {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [1, 0.8, 0]}, "o": {"a": 0, "k": 100}}]},
       {"ty": 4, "nm": "knob", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [10, 190]}},
        "shapes": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [16, 16]}, "r": {"a": 0, "k": 0}},
                   {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [0, 0, 0]}, "o": {"a": 0, "k": 100}}]},
       {"ty": 4, "nm": "zone", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [60, 40]}},
        "shapes": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [30, 30]}, "r": {"a": 0, "k": 0}},
                   {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [0.1, 0.4, 0.6]}, "o": {"a": 0, "k": 100}}]},
       {"ty": 4, "nm": "track", "ip": 0, "op": 60, "st": 0, "ks": {},
        "shapes": [{"ty": "sh", "nm": "P", "ks": {"a": 0, "k": {"c": false, "v": [[10, 190], [190, 190]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}},
                   {"ty": "st", "nm": "S", "c": {"a": 0, "k": [0, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}]},
       {"ty": 4, "nm": "wall", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [100, 100]}},
        "shapes": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}},
                   {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [0.9, 0.9, 0.9]}, "o": {"a": 0, "k": 100}}]}]}
    """##

    /// A drag as the player gives it: the tree shows the slots written so far first.
    static func drag(_ m: LottieStateMachine, _ scene: LottieScene, _ e: LottieStateMachine.PointerEvent, _ x: Double, _ y: Double) throws {
        try scene.applySlots(m.slotValues)
        m.pointer(e, at: Point(x, y))
    }

    @Test func dragAndDropGrabsWithItsOffsetReturnsOnAMissDocksAndLocks() throws {
        // dotlottie-rs's dnd_interaction_check.rs (drag_and_drop_interaction_full_cycle) on our
        // own board: the offset kept, a miss glides home, a dock glides to the zone layer's
        // position and runs its actions, a locked object stays.
        let (m, scene) = try Self.slotted(##"""
        {"initial": "board", "states": [{"name": "board", "type": "PlaybackState", "animation": "", "autoplay": true, "loop": true}],
         "interactions": [{"type": "DragAndDrop", "layerName": "Star", "slotId": "star_pos", "tween": {"duration": 0.25, "easing": [0.25, 0.1, 0.25, 1]},
                           "dropZones": [{"layerName": "zone", "lock": true, "actions": [{"type": "Increment", "inputName": "docked"}]}]}],
         "inputs": [{"type": "Numeric", "name": "docked", "value": 0}]}
        """##, animation: Self.board)
        #expect(scene.layerPosition(named: "zone") == Point(60, 40))
        try Self.drag(m, scene, .down, 45, 165)
        try Self.drag(m, scene, .move, 120, 100)
        #expect(Self.slot(m, "star_pos") == [115, 95])
        try Self.drag(m, scene, .up, 120, 100)
        m.advance(by: 0.125)
        let mid = Self.slot(m, "star_pos")
        #expect(mid != [115, 95] && mid != [40, 160])
        m.advance(by: 0.2)
        #expect(Self.slot(m, "star_pos") == [40, 160] && Self.number(m, "docked") == 0)
        try Self.drag(m, scene, .down, 40, 160)
        try Self.drag(m, scene, .move, 65, 45)
        #expect(Self.slot(m, "star_pos") == [65, 45])
        try Self.drag(m, scene, .up, 65, 45)
        m.advance(by: 0.3)
        #expect(Self.slot(m, "star_pos") == [60, 40] && Self.number(m, "docked") == 1)
        // Locked: a press on it moves nothing.
        try Self.drag(m, scene, .down, 60, 40)
        try Self.drag(m, scene, .move, 120, 100)
        #expect(Self.slot(m, "star_pos") == [60, 40])
        try Self.drag(m, scene, .up, 120, 100)
        // What a drag writes reaches the tree: the star is under the pointer where it docked.
        try scene.applySlots(m.slotValues)
        #expect(scene.layerNames(at: Point(60, 40)).contains("Star") && !scene.layerNames(at: Point(40, 160)).contains("Star"))
    }

    @Test func dragAndDropStaysInItsBoundaryAndItsState() throws {
        // dotlottie-rs's boundary clamp (the object's half-size inset) and
        // state_bound_gesture_gates_and_cancels (star_drop_dnd_scoped.json).
        let (m, scene) = try Self.slotted(##"""
        {"initial": "board", "states": [
           {"name": "board", "type": "PlaybackState", "animation": "",
            "transitions": [{"type": "Transition", "toState": "paused", "guards": [{"type": "Numeric", "inputName": "paused", "conditionType": "Equal", "compareTo": 1}]}]},
           {"name": "paused", "type": "PlaybackState", "animation": "",
            "transitions": [{"type": "Transition", "toState": "board", "guards": [{"type": "Numeric", "inputName": "paused", "conditionType": "Equal", "compareTo": 0}]}]}],
         "interactions": [{"type": "DragAndDrop", "layerName": "Star", "slotId": "star_pos", "stateName": "board", "boundaryLayerName": "wall",
                           "onGrab": [{"type": "Increment", "inputName": "grabs"}], "onDrop": [{"type": "Increment", "inputName": "drops"}]}],
         "inputs": [{"type": "Numeric", "name": "paused", "value": 0}, {"type": "Numeric", "name": "grabs", "value": 0}, {"type": "Numeric", "name": "drops", "value": 0}]}
        """##, animation: Self.board)
        try Self.drag(m, scene, .down, 40, 160)
        // The wall spans 50…150: the 20-point star's centre stays within 60…140.
        try Self.drag(m, scene, .move, 10, 10)
        #expect(Self.near(Self.slot(m, "star_pos"), [60, 60]))
        try Self.drag(m, scene, .move, 100, 190)
        #expect(Self.near(Self.slot(m, "star_pos"), [100, 140]))
        try Self.drag(m, scene, .up, 100, 190)
        #expect(Self.number(m, "grabs") == 1 && Self.number(m, "drops") == 1)
        // No zones: it stays where it was released. Paused, it cannot be grabbed.
        try m.setInput("paused", .number(1))
        try Self.drag(m, scene, .down, 100, 140)
        try Self.drag(m, scene, .move, 80, 80)
        #expect(Self.near(Self.slot(m, "star_pos"), [100, 140]) && Self.number(m, "grabs") == 1)
        try Self.drag(m, scene, .up, 80, 80)
        // Leaving the state mid-drag returns it to its rest — where the last release left it,
        // a drag without zones resting where it is let go — at once (no tween), without onDrop.
        try m.setInput("paused", .number(0))
        try Self.drag(m, scene, .down, 100, 140)
        try Self.drag(m, scene, .move, 80, 80)
        #expect(Self.near(Self.slot(m, "star_pos"), [80, 80]))
        try m.setInput("paused", .number(1))
        m.advance(by: 0.02)
        #expect(Self.near(Self.slot(m, "star_pos"), [100, 140]))
        try Self.drag(m, scene, .up, 80, 80)
        #expect(Self.number(m, "drops") == 1)
    }

    @Test func pathDragWritesProgressAlongThePathAndDocks() throws {
        // dotlottie-rs's path mode (path_drag.rs, manage_path_drag): progress along the path
        // into an input, onGrab / onDrop, a zone on the path captured by reach, its actions.
        let (m, scene) = try Self.slotted(##"""
        {"initial": "board", "states": [{"name": "board", "type": "PlaybackState", "animation": ""}],
         "interactions": [{"type": "DragAndDrop", "layerName": "knob", "pathLayerName": "track", "progressInput": "t",
                           "onGrab": [{"type": "Fire", "inputName": "grab"}], "onDrag": [{"type": "Increment", "inputName": "moves"}],
                           "dropZones": [{"layerName": "end", "actions": [{"type": "Increment", "inputName": "docked"}]}]}],
         "inputs": [{"type": "Numeric", "name": "t", "value": 0}, {"type": "Numeric", "name": "moves", "value": 0},
                    {"type": "Numeric", "name": "docked", "value": 0}, {"type": "Event", "name": "grab"}]}
        """##, animation: Self.board)
        try Self.drag(m, scene, .down, 10, 190)
        #expect(Self.number(m, "t") == 0)
        // The window follows the pointer along the path a step at a time.
        for x in stride(from: 20.0, through: 100, by: 10) { try Self.drag(m, scene, .move, x, 195) }
        #expect(abs((Self.number(m, "t") ?? 0) - 0.5) < 0.01 && Self.number(m, "moves") == 9)
        try Self.drag(m, scene, .up, 100, 195)
        // No layer "end": no zone docks.
        #expect(Self.number(m, "docked") == 0)
    }

    // MARK: - Pick-up by shape, ghost drags, slots of each animation

    /// 100 × 100: "Ball" (a filled circle of radius 20 placed by `ball_pos`, 50, 50), "Hoop" (a
    /// stroked ring, radius 15, line width 6, no fill, at 75, 20) and "Frame" (a 40-point
    /// square with a 20-point hole, even-odd, at 20, 75).
    static let shapes = ##"""
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
     "slots": {"ball_pos": {"p": {"a": 0, "k": [50, 50]}}, "hoop_pos": {"p": {"a": 0, "k": [75, 20]}}, "frame_pos": {"p": {"a": 0, "k": [20, 75]}}},
     "layers": [
       {"ty": 4, "nm": "Ball", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0], "sid": "ball_pos"}},
        "shapes": [{"ty": "el", "nm": "E", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [40, 40]}},
                   {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]},
       {"ty": 4, "nm": "Hoop", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0], "sid": "hoop_pos"}},
        "shapes": [{"ty": "el", "nm": "E", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [30, 30]}},
                   {"ty": "st", "nm": "S", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 6}}]},
       {"ty": 4, "nm": "Frame", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0], "sid": "frame_pos"}},
        "shapes": [{"ty": "rc", "nm": "O", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}},
                   {"ty": "rc", "nm": "I", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                   {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [0, 0.6, 0]}, "o": {"a": 0, "k": 100}, "r": 2}]}]}
    """##

    @Test func aDragPicksUpByTheShapeNotItsBox() throws {
        // dotlottie-rs's dnd_try_grab and manage_path_drag test hit_test_precise: "a star is not
        // grabbed by the empty corners of its bounding box"; clicks and zones keep the box.
        let (m, scene) = try Self.slotted(##"""
        {"initial": "board", "states": [{"name": "board", "type": "PlaybackState", "animation": ""}],
         "interactions": [{"type": "DragAndDrop", "layerName": "Ball", "slotId": "ball_pos"},
                          {"type": "DragAndDrop", "layerName": "Hoop", "slotId": "hoop_pos"},
                          {"type": "DragAndDrop", "layerName": "Frame", "slotId": "frame_pos"}]}
        """##, animation: Self.shapes)
        // The corner of the ball's box: over it by its box, not by its shape.
        #expect(scene.layerNames(at: Point(33, 33)).contains("Ball"))
        #expect(!scene.layerShape(named: "Ball", contains: Point(33, 33)) && scene.layerShape(named: "Ball", contains: Point(45, 45)))
        try Self.drag(m, scene, .down, 33, 33)
        try Self.drag(m, scene, .move, 60, 60)
        try Self.drag(m, scene, .up, 60, 60)
        #expect(m.slotValues.isEmpty)
        try Self.drag(m, scene, .down, 45, 45)
        try Self.drag(m, scene, .move, 55, 50)
        try Self.drag(m, scene, .up, 55, 50)
        #expect(Self.slot(m, "ball_pos") == [60, 55])
        // A stroke without a fill: its hole misses, its line (within half its width) hits.
        try Self.drag(m, scene, .down, 75, 20)
        try Self.drag(m, scene, .move, 80, 20)
        try Self.drag(m, scene, .up, 80, 20)
        #expect(Self.slot(m, "hoop_pos") == nil)
        try Self.drag(m, scene, .down, 92, 20)
        try Self.drag(m, scene, .move, 90, 25)
        try Self.drag(m, scene, .up, 90, 25)
        #expect(Self.slot(m, "hoop_pos") == [73, 25])
        // The even-odd hole of the frame misses, its band hits.
        #expect(!scene.layerShape(named: "Frame", contains: Point(20, 75)) && scene.layerShape(named: "Frame", contains: Point(35, 75)))
        try Self.drag(m, scene, .down, 20, 75)
        try Self.drag(m, scene, .move, 30, 75)
        try Self.drag(m, scene, .up, 30, 75)
        #expect(Self.slot(m, "frame_pos") == nil)
    }

    @Test func pointerBoxesAreTheLayersOrientedBoxesAsDotLottieRsTestsThem() throws {
        // dotlottie-rs's hit_test takes the layer's oriented bounding box (tvg_paint_get_obb):
        // the box of all it draws, in its own coordinates, turned with it.
        func rect(_ x: Double, _ y: Double, _ w: Double) -> String {
            #"{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [\#(x), \#(y)]}, "s": {"a": 0, "k": [\#(w), \#(w)]}, "r": {"a": 0, "k": 0}}"#
        }
        let fill = #"{"ty": "fl", "nm": "F", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}"#
        // A group of its own with a fill of its own: a shape layer apart from its siblings'.
        func group(_ x: Double, _ y: Double, _ w: Double, _ blue: Int) -> String {
            #"{"ty": "gr", "nm": "G", "it": [\#(rect(x, y, w)), {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [1, 0, \#(blue)]}, "o": {"a": 0, "k": 100}}, {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}"#
        }
        let json = ##"""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 200, "layers": [
          {"ty": 4, "nm": "Pair", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\##(group(30, 30, 20, 0)), \##(group(70, 30, 20, 1))]},
          {"ty": 4, "nm": "Tilted", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 45}},
           "shapes": [\##(group(-30, 0, 20, 0)), \##(group(30, 0, 20, 1))]},
          {"ty": 4, "nm": "Diamond", "ip": 0, "op": 60, "st": 0, "ks": {},
           "shapes": [{"ty": "gr", "nm": "G", "it": [\##(rect(0, 0, 40)), \##(fill),
             {"ty": "tr", "p": {"a": 0, "k": [160, 160]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
              "r": {"a": 0, "k": 45}, "o": {"a": 0, "k": 100}}]}]},
          {"ty": 4, "nm": "Line", "ip": 0, "op": 60, "st": 0, "ks": {},
           "shapes": [{"ty": "sh", "nm": "P", "ks": {"a": 0, "k": {"c": false, "v": [[20, 170], [80, 170]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}},
                      {"ty": "st", "nm": "S", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1}]}]}
        """##
        let scene = try LottieScene.parse(Array(json.utf8))
        CAAnimationContext.current.engine.tick(at: 0)
        // Between two shapes of one layer: inside the layer's box though on neither shape's.
        #expect(scene.layerNames(at: Point(50, 30)) == ["Pair"])
        #expect(scene.layerNames(at: Point(50, 45)).isEmpty)
        // A layer turned 45°: its box (−40…40 × −10…10 around 100, 100) turns with it. Between
        // its shapes is over it; a point of the upright box around it, off the turned one, is not.
        #expect(scene.layerNames(at: Point(100, 100)) == ["Tilted"])
        #expect(scene.layerNames(at: Point(124.7, 124.7)) == ["Tilted"])
        #expect(scene.layerNames(at: Point(82.3, 117.7)).isEmpty)
        // A square turned inside an upright layer: the layer's box is the upright box around it
        // (±28.3 around 160, 160), so its corners hit, past the square's own turned box.
        #expect(scene.layerNames(at: Point(184, 184)) == ["Diamond"])
        #expect(scene.layerNames(at: Point(190, 160)).isEmpty)
        #expect(scene.layerCorners(named: "Diamond").map { $0.map { Point(($0.x * 10).rounded() / 10, ($0.y * 10).rounded() / 10) } }
                == [Point(131.7, 131.7), Point(188.3, 131.7), Point(188.3, 188.3), Point(131.7, 188.3)])
        // A stroke's box is its outline's: half its width each side of a straight line.
        #expect(scene.layerNames(at: Point(50, 174)) == ["Line"])
        #expect(scene.layerNames(at: Point(50, 176)).isEmpty && scene.layerNames(at: Point(85, 170)).isEmpty)
    }

    /// The scene drawn at time 0 on a 200 × 200 bitmap, with the machine's ghosts shown.
    static func rendered(_ m: LottieStateMachine, _ scene: LottieScene) throws -> Bitmap {
        try scene.applySlots(m.slotValues)
        scene.showGhosts(m.ghosts)
        CATransaction.flush()
        let b = Bitmap(width: 200, height: 200)
        LayerRenderer(background: .clear).draw(scene.root.presentation(at: 0), into: Canvas(b))
        return b
    }

    @Test func aGhostDragShowsAFrozenCopyWhileTheOriginalStays() throws {
        // dotlottie-rs's dnd_ghost_check.rs (star_drop_ghost.json) on our board: the copy rides
        // the pointer, the slot is not written during the drag, a dock glides the original from
        // its rest, lock holds; a miss glides the copy back and nothing moves.
        let ghost = ##"""
        {"initial": "board", "states": [{"name": "board", "type": "PlaybackState", "animation": ""}],
         "interactions": [{"type": "DragAndDrop", "layerName": "Star", "slotId": "star_pos", "ghost": true, "tween": {"duration": 0.25, "easing": [0.25, 0.1, 0.25, 1]},
                           "dropZones": [{"layerName": "zone", "lock": true, "actions": [{"type": "Increment", "inputName": "docked"}]}]}],
         "inputs": [{"type": "Numeric", "name": "docked", "value": 0}]}
        """##
        let (m, scene) = try Self.slotted(ghost, animation: Self.board)
        #expect(m.notices.allSatisfy { !$0.contains("ghost") })
        let before = try Self.rendered(m, scene)
        try Self.drag(m, scene, .down, 40, 160)
        try Self.drag(m, scene, .move, 20, 100)
        #expect(m.slotValues.isEmpty && m.ghosts == ["Star": Point(-20, -60)])
        let held = try Self.rendered(m, scene)
        // The copy is drawn where the pointer took it, the original where it was.
        #expect(held[20, 100] == before[40, 160] && before[20, 100] != before[40, 160] && held[40, 160] == before[40, 160])
        // Hit tests and look-ups never find the copy.
        #expect(!scene.layerNames(at: Point(20, 100)).contains("Star") && scene.layerPosition(named: "Star") == Point(40, 160))
        try Self.drag(m, scene, .move, 65, 45)
        try Self.drag(m, scene, .up, 65, 45)
        #expect(m.ghosts.isEmpty && Self.slot(m, "star_pos") == nil)
        m.advance(by: 0.125)
        let mid = Self.slot(m, "star_pos")
        #expect(mid != nil && mid != [60, 40] && mid != [40, 160])
        m.advance(by: 0.2)
        #expect(Self.slot(m, "star_pos") == [60, 40] && Self.number(m, "docked") == 1)
        let docked = try Self.rendered(m, scene)
        #expect(docked[60, 40] == before[40, 160] && docked[40, 160] == before[20, 100] && scene.root.sublayers?.count == scene.builtLayers.count)
        // Locked: no copy.
        try Self.drag(m, scene, .down, 60, 40)
        try Self.drag(m, scene, .move, 100, 100)
        #expect(m.ghosts.isEmpty)

        // A miss: the copy glides back onto the original, which never moved.
        let (n, board) = try Self.slotted(ghost, animation: Self.board)
        try Self.drag(n, board, .down, 40, 160)
        try Self.drag(n, board, .move, 20, 100)
        try Self.drag(n, board, .up, 20, 100)
        n.advance(by: 0.125)
        let back = n.ghosts["Star"]
        #expect(back != nil && back != Point(-20, -60) && back != Point(0, 0))
        n.advance(by: 0.2)
        #expect(n.ghosts.isEmpty && Self.slot(n, "star_pos") == [40, 160] && Self.number(n, "docked") == 0)
        #expect(try Self.rendered(n, board)[20, 100] == before[20, 100])

        // A layer under a scaled parent: the copy carries its ancestors' transforms.
        let (p, nested) = try Self.slotted(##"""
        {"initial": "board", "states": [{"name": "board", "type": "PlaybackState", "animation": ""}],
         "interactions": [{"type": "DragAndDrop", "layerName": "Dot", "slotId": "dot_pos", "ghost": true}]}
        """##, animation: ##"""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 200, "slots": {"dot_pos": {"p": {"a": 0, "k": [10, 0]}}},
         "layers": [
           {"ty": 4, "nm": "Dot", "ind": 2, "parent": 1, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0], "sid": "dot_pos"}},
            "shapes": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
                       {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]},
           {"ty": 3, "nm": "Holder", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [200, 200]}}}]}
        """##)
        #expect(nested.layerCorners(named: "Dot") == [Point(60, 40), Point(80, 40), Point(80, 60), Point(60, 60)])
        try Self.drag(p, nested, .down, 70, 50)
        try Self.drag(p, nested, .move, 70, 130)
        let lifted = try Self.rendered(p, nested)
        // Twice the size, 80 points lower; the original where it was.
        #expect(lifted[70, 50] >> 24 == 255 && lifted[62, 122] == lifted[70, 50] && lifted[78, 138] == lifted[70, 50])
        #expect(lifted[58, 130] != lifted[70, 50] && lifted[82, 130] != lifted[70, 50] && lifted[70, 100] != lifted[70, 50])
    }

    @Test func slotsApplyToTheAnimationTheStateShows() throws {
        // dotlottie-rs drops the overlay when the animation changes and reseeds the slots from
        // the new animation's own (set_current_state's animation_changing).
        let second = Self.ball.replacingOccurrences(of: "ball_color", with: "hoop_color")
        let main = try LottieScene.parse(Array(Self.ball.utf8)), other = try LottieScene.parse(Array(second.utf8))
        let def = try LottieStateMachineDefinition.decode(try JSONReader.parse(Array(##"""
        {"initial": "a", "states": [
           {"name": "a", "type": "PlaybackState", "animation": "main", "slots": [{"slotId": "ball_color", "type": "Color", "value": [0, 0, 1]}],
            "transitions": [{"type": "Transition", "toState": "b", "guards": [{"type": "Boolean", "inputName": "go", "conditionType": "Equal", "compareTo": true}]}]},
           {"name": "b", "type": "PlaybackState", "animation": "second", "slots": [{"slotId": "hoop_color", "type": "Color", "value": [0, 1, 0]}],
            "transitions": [{"type": "Transition", "toState": "c", "guards": [{"type": "Boolean", "inputName": "go", "conditionType": "Equal", "compareTo": false}]}]},
           {"name": "c", "type": "PlaybackState", "animation": "main"}],
         "inputs": [{"type": "Boolean", "name": "go", "value": false}]}
        """##.utf8)))
        let m = LottieStateMachine(def, scenes: ["main": main, "second": other], initial: "main")
        m.start()
        #expect(Self.near(Self.slot(m, "ball_color"), [0, 0, 1]))
        try m.setInput("go", .bool(true))
        #expect(m.animationID == "second" && Array(m.slotValues.keys) == ["hoop_color"] && Self.near(Self.slot(m, "hoop_color"), [0, 1, 0]))
        try other.applySlots(m.slotValues)
        func fill(_ s: LottieScene) -> Color? {
            var stack = s.root.sublayers ?? []
            while let l = stack.popLast() {
                if let f = (l as? CAShapeLayer)?.fillColor { return f }
                stack += l.sublayers ?? []
            }
            return nil
        }
        #expect(fill(other) == Color(0, 1, 0))
        // Back to the first animation: its own slots, nothing written.
        try m.setInput("go", .bool(false))
        #expect(m.animationID == "main" && m.slotValues.isEmpty)
    }

    @Test func dragsFindLayersInTheAnimationTheStateShows() throws {
        // dotlottie-rs's engine asks its renderer, which holds the animation the state loaded:
        // after a switch the pick-up, the boxes and the zones are the new animation's.
        let main = try LottieScene.parse(Array(Self.board.utf8))
        let second = try LottieScene.parse(Array(Self.board.replacingOccurrences(of: "[40, 160]", with: "[170, 20]").utf8))
        let def = try LottieStateMachineDefinition.decode(try JSONReader.parse(Array(##"""
        {"initial": "a", "states": [
           {"name": "a", "type": "PlaybackState", "animation": "main",
            "transitions": [{"type": "Transition", "toState": "b", "guards": [{"type": "Boolean", "inputName": "go", "conditionType": "Equal", "compareTo": true}]}]},
           {"name": "b", "type": "PlaybackState", "animation": "second"}],
         "interactions": [{"type": "DragAndDrop", "layerName": "Star", "slotId": "star_pos"},
                          {"type": "PointerDown", "layerName": "Star", "actions": [{"type": "Increment", "inputName": "pressed"}]}],
         "inputs": [{"type": "Boolean", "name": "go", "value": false}, {"type": "Numeric", "name": "pressed", "value": 0}]}
        """##.utf8)))
        let m = LottieStateMachine(def, scenes: ["main": main, "second": second], initial: "main")
        m.start()
        #expect(m.geometry === main)
        try m.setInput("go", .bool(true))
        #expect(m.animationID == "second" && m.geometry === second)
        // Where the first animation's star is, the second shows nothing: no press, no pick-up.
        try Self.drag(m, second, .down, 40, 160)
        try Self.drag(m, second, .move, 60, 170)
        try Self.drag(m, second, .up, 60, 170)
        #expect(Self.slot(m, "star_pos") == nil && Self.number(m, "pressed") == 0)
        // The second animation's star is picked up where it is drawn.
        try Self.drag(m, second, .down, 170, 20)
        try Self.drag(m, second, .move, 180, 30)
        #expect(Self.slot(m, "star_pos") == [180, 30] && Self.number(m, "pressed") == 1)
        try Self.drag(m, second, .up, 180, 30)
    }

    @Test func aStrokeIsPickedUpWhereItIsDrawnDashesTrimsAndJoins() throws {
        // ThorVG's hit_test_precise tests the rendered coverage: a dash's gap, a trimmed-away
        // part and the corner a bevel cuts off are not the stroke; a miter's point is.
        func line(_ name: String, _ v: String, _ extra: String, stroke: String = "") -> String {
            """
            {"ty": 4, "nm": "\(name)", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0], "sid": "\(name)_pos"}},
             "shapes": [{"ty": "sh", "nm": "P", "ks": {"a": 0, "k": {"c": false, "v": \(v), "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}},
                        \(extra)
                        {"ty": "st", "nm": "S", "c": {"a": 0, "k": [0, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": \(stroke.isEmpty ? "10" : "20")}, "lc": 1\(stroke)}]}
            """
        }
        let animation = """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 200,
         "slots": {"Dashed_pos": {"p": {"a": 0, "k": [0, 0]}}, "Trimmed_pos": {"p": {"a": 0, "k": [0, 0]}},
                   "Bevel_pos": {"p": {"a": 0, "k": [0, 0]}}, "Miter_pos": {"p": {"a": 0, "k": [0, 0]}}},
         "layers": [
           \(line("Dashed", "[[20, 20], [100, 20], [180, 20]]", "").replacingOccurrences(of: #""lc": 1"#, with: #""lc": 1, "d": [{"n": "d", "v": {"a": 0, "k": 20}}, {"n": "g", "v": {"a": 0, "k": 20}}, {"n": "o", "v": {"a": 0, "k": 0}}]"#)),
           \(line("Trimmed", "[[20, 60], [100, 60], [180, 60]]", #"{"ty": "tm", "nm": "T", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1},"#)),
           \(line("Bevel", "[[20, 120], [60, 160], [100, 120]]", "", stroke: #", "lj": 3"#)),
           \(line("Miter", "[[110, 120], [150, 160], [190, 120]]", "", stroke: #", "lj": 1, "ml": 4"#))]}
        """
        let (m, scene) = try Self.slotted(##"""
        {"initial": "board", "states": [{"name": "board", "type": "PlaybackState", "animation": ""}],
         "interactions": [{"type": "DragAndDrop", "layerName": "Dashed", "slotId": "Dashed_pos"},
                          {"type": "DragAndDrop", "layerName": "Trimmed", "slotId": "Trimmed_pos"}]}
        """##, animation: animation)
        // Dashes of 20 from x = 20: drawn on 20…40, a gap on 40…60.
        #expect(scene.layerShape(named: "Dashed", contains: Point(30, 20)) && !scene.layerShape(named: "Dashed", contains: Point(50, 20)))
        // Trimmed to its first half: drawn on 20…100.
        #expect(scene.layerShape(named: "Trimmed", contains: Point(60, 60)) && !scene.layerShape(named: "Trimmed", contains: Point(140, 60)))
        // A right-angled corner 20 wide: the bevel's chord lies 7.07 below the corner, a round
        // join would reach 10, the miter's point 14.1.
        #expect(scene.layerShape(named: "Bevel", contains: Point(60, 165)) && !scene.layerShape(named: "Bevel", contains: Point(60, 168.5)))
        #expect(scene.layerShape(named: "Miter", contains: Point(150, 172)) && !scene.layerShape(named: "Miter", contains: Point(150, 176)))
        // A press in the gap or past the trim picks nothing up; on the dash it does.
        for (x, y) in [(50.0, 20.0), (140, 60)] {
            try Self.drag(m, scene, .down, x, y)
            try Self.drag(m, scene, .move, x + 5, y + 5)
            try Self.drag(m, scene, .up, x + 5, y + 5)
        }
        #expect(m.slotValues.isEmpty)
        try Self.drag(m, scene, .down, 30, 20)
        try Self.drag(m, scene, .move, 35, 25)
        #expect(Self.slot(m, "Dashed_pos") == [5, 5])
    }

    @Test func aGhostCopyCarriesItsAncestorsOpacityAndClipping() throws {
        // A copy of what the user sees: the dot lies in a precomposition drawn at 50 % and
        // clipped to its 60 × 60 box, half of the dot outside it.
        let (m, scene) = try Self.slotted(##"""
        {"initial": "board", "states": [{"name": "board", "type": "PlaybackState", "animation": ""}],
         "interactions": [{"type": "DragAndDrop", "layerName": "Dot", "slotId": "dot_pos", "ghost": true}]}
        """##, animation: ##"""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 200, "slots": {"dot_pos": {"p": {"a": 0, "k": [60, 30]}}},
         "assets": [{"id": "comp", "layers": [
           {"ty": 4, "nm": "Dot", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0], "sid": "dot_pos"}},
            "shapes": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                       {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}]}],
         "layers": [{"ty": 0, "nm": "Holder", "refId": "comp", "w": 60, "h": 60, "ip": 0, "op": 60, "st": 0, "ks": {"o": {"a": 0, "k": 50}}}]}
        """##)
        let before = try Self.rendered(m, scene)
        // Half opaque where it is seen, nothing past the precomposition's edge.
        #expect(before[55, 30] >> 24 > 100 && before[55, 30] >> 24 < 160 && before[65, 30] == 0)
        try Self.drag(m, scene, .down, 55, 30)
        try Self.drag(m, scene, .move, 55, 130)
        #expect(m.ghosts == ["Dot": Point(0, 100)])
        let held = try Self.rendered(m, scene)
        // The copy is as transparent as the original and clipped where it was.
        #expect(held[55, 130] == before[55, 30] && held[52, 130] == before[52, 30])
        #expect(held[65, 130] == 0 && held[55, 30] == before[55, 30])
    }
    @Test func aGhostCopyBlendsWithWhatLiesUnderItAsItsOriginalDoes() throws {
        // A dot (1, 0.5, 0.5) over two backdrops — (0.5, 1, 1) above y = 100, (1, 1, 0.5) below —
        // ghost-dragged from the top one to the bottom one. Its multiply (on a precomposition, or
        // on its own layer) acts on what lies under the copy where it is drawn; inside a
        // half-opaque precomposition it acts on the precomposition's own pixels, in the copy as in
        // the original, so there the copy is the dot at 50 %.
        func animation(holder: String, dot: String, other: String = "") -> String {
            func rect(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: String, _ extra: String = "") -> String {
                #"{"ty": 4, "nm": "\#(name)", "ip": 0, "op": 60, "st": 0, \#(extra) "ks": {"p": {"a": 0, "k": [\#(x), \#(y)]\#(name == "Dot" ? #", "sid": "dot_pos""# : "")}}, "shapes": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [\#(w), \#(h)]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [\#(c)]}, "o": {"a": 0, "k": 100}}]}"#
            }
            return ##"""
            {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 200, "slots": {"dot_pos": {"p": {"a": 0, "k": [60, 50]}}},
             "assets": [{"id": "comp", "layers": [\##(rect("Dot", 0, 0, 40, 40, "1, 0.5, 0.5", dot))\##(other)]}],
             "layers": [{"ty": 0, "nm": "Holder", "refId": "comp", "w": 200, "h": 200, "ip": 0, "op": 60, "st": 0, \##(holder)},
                        \##(rect("Top", 100, 50, 200, 100, "0.5, 1, 1")), \##(rect("Bottom", 100, 150, 200, 100, "1, 1, 0.5"))]}
            """##
        }
        let machine = ##"""
        {"initial": "board", "states": [{"name": "board", "type": "PlaybackState", "animation": ""}],
         "interactions": [{"type": "DragAndDrop", "layerName": "Dot", "slotId": "dot_pos", "ghost": true}]}
        """##
        /// The colour (0…255 each) at the original's place and at the copy's.
        func drag(_ json: String) throws -> (before: [Int], original: [Int], copy: [Int]) {
            let (m, scene) = try Self.slotted(machine, animation: json)
            func rgb(_ b: Bitmap, _ x: Int, _ y: Int) -> [Int] { [16, 8, 0].map { Int(b[x, y] >> UInt32($0) & 0xFF) } }
            let before = try Self.rendered(m, scene)
            try Self.drag(m, scene, .down, 60, 50)
            try Self.drag(m, scene, .move, 60, 150)
            let held = try Self.rendered(m, scene)
            return (rgb(before, 60, 50), rgb(held, 60, 50), rgb(held, 60, 150))
        }
        func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }
        // Multiply on the precomposition, then on the dot's own layer: the copy multiplies the
        // bottom backdrop, (1, 0.5, 0.25); the original stays (0.5, 0.5, 0.5).
        for (holder, dot) in [(#""bm": 1, "ks": {}"#, ""), (#""ks": {}"#, #""bm": 1,"#)] {
            let r = try drag(animation(holder: holder, dot: dot))
            #expect(near(r.before, [128, 128, 128]) && near(r.original, [128, 128, 128]) && near(r.copy, [255, 128, 64]))
        }
        // Multiply inside a precomposition at 50 % that holds another layer too: the dot at 50 %
        // over each backdrop, the copy as the original.
        let other = #", {"ty": 4, "nm": "Other", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [160, 40]}}, "shapes": [{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}}]}"#
        let r = try drag(animation(holder: #""ks": {"o": {"a": 0, "k": 50}}"#, dot: #""bm": 1,"#, other: other))
        #expect(near(r.before, [192, 192, 192]) && near(r.copy, [255, 192, 128]))
    }
}
