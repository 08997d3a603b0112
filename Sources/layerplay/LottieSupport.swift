// What the commands share for Lottie files (known by content, not by name): loading with
// the one-line refusal and the warnings on stderr, the canvas rule of `--size`, and the time
// of `--progress` / `--frame` / `--time`.
import ArgumentParser
import Foundation
import LayerKit
import Lottie
import Media
import Player

/// Whether the file at `path` is a Lottie animation (read only when it starts like JSON).
func isLottieFile(_ path: String) -> Bool {
    guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
          size.intValue <= LottieLimits.maximumFileBytes,
          let data = FileManager.default.contents(atPath: path) else { return false }
    return LottieScene.isLottie(Array(data))
}

/// How a command opens a Lottie file: whose reading (`LottieReading`), which animation of a
/// `.lottie` archive (nil: the manifest's initial or first), which marker's segment (nil: all).
struct LottieLoadOptions: Sendable {
    var reading: LottieReading = .afterEffects
    var animation: String?
    var theme: String?
    var marker: String?
    /// After Effects expressions evaluated (`--no-expressions` turns them off).
    var expressions = true
    /// `play --from/--to`: the segment's ends, nil for the animation's own.
    var from: LottieFramePoint?
    var to: LottieFramePoint?
    /// `--value` and `--text`: lottie-ios's value and text providers.
    var dynamicProperties = LottieDynamicProperties()
    /// `--state-machine ID` (`""`: the archive's initial or first) and its `--input NAME=VALUE`s,
    /// set in order when it starts; `render --click`, `--press`, `--drag`, `--release T:X,Y`:
    /// pointer steps at points of the animation at times of the machine's clock.
    var stateMachine: String?
    var inputs: [(name: String, value: String)] = []
    var pointerSteps: [ScriptedInput] = []

    /// Whether these ask for anything only a Lottie file has.
    var asksForLottie: Bool { animation != nil || theme != nil || marker != nil || from != nil || to != nil || !dynamicProperties.isEmpty || stateMachine != nil }
}

/// A point of a Lottie timeline as `play --from/--to` give it: a frame number of the file
/// (`30` or `30f`) or progress through ip…op (`50%`).
enum LottieFramePoint: Sendable, Equatable {
    case frame(Double)
    case progress(Double)

    /// Parses `30`, `30f` or `50%`, or exits 2 with one line naming `option`.
    static func parse(_ text: String, option: String) throws -> LottieFramePoint {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        var point: LottieFramePoint?
        if t.hasSuffix("%"), let p = Double(t.dropLast()), p.isFinite, p >= 0, p <= 100 { point = .progress(p / 100) }
        else if t.hasSuffix("f"), let f = Double(t.dropLast()), f.isFinite { point = .frame(f) }
        else if let f = Double(t), f.isFinite { point = .frame(f) }
        guard let point else {
            printError("\(option) \(DocumentText.quoted(text)): expected a frame (30 or 30f) or progress (0% to 100%)")
            throw ExitCode(2)
        }
        return point
    }

    /// The frame it names in `scene`.
    func frame(in scene: LottieScene) -> Double {
        switch self {
        case .frame(let f): return f
        case .progress(let p): return scene.frame(forProgress: p)
        }
    }
}

/// The options of every command that takes Lottie files: `--ios` (lottie-ios's Core
/// Animation engine's reading instead of After Effects'), `--animation ID` and `--theme ID`
/// (dotLottie), `--marker NAME`.
struct LottieOptions: ParsableArguments {
    @Flag(name: .customLong("ios"), help: "Lottie: read the file as lottie-ios's Core Animation engine shows it on iOS (default: as After Effects made it).")
    var iOS = false

    @Option(name: .customLong("animation"), help: ArgumentHelp("dotLottie: the animation of a .lottie archive to open, by its manifest id (default: the manifest's initial animation, else its first).", valueName: "id"))
    var animation: String?

    @Option(name: .customLong("theme"), help: ArgumentHelp("dotLottie: apply this theme of a .lottie archive (its manifest id) through the animation's slots.", valueName: "id"))
    var theme: String?

    @Option(name: .customLong("marker"), help: ArgumentHelp("Lottie: only the segment of this marker (its `cm` name), from its frame for its duration.", valueName: "name"))
    var marker: String?

    @Flag(name: .customLong("no-expressions"), help: "Lottie: leave After Effects expressions unevaluated (each property keeps its keyframes).")
    var noExpressions = false

    @Option(name: .customLong("value"), help: ArgumentHelp("Lottie: give the properties KEYPATH names (lottie-ios's AnimationKeypath: names joined by dots, * one level, ** any depth, the last a property such as Color, Opacity, Stroke Width, Position, Scale, Rotation, Colors) this value: #RRGGBB or #RRGGBBAA, a number, x,y (a point, size or scale in percent), or #RRGGBB@0,#RRGGBB@1 (a gradient's stops; on a Color, keyframes at frames). Repeatable; the last that names a property wins.", valueName: "keypath=value"))
    var values: [String] = []

    @Option(name: .customLong("text"), help: ArgumentHelp("Lottie: the text of the text layers KEYPATH names (** every text layer), as lottie-ios's text provider. Repeatable.", valueName: "keypath=text"))
    var texts: [String] = []

    /// Refuses a malformed `--value` or `--text` with one line (exit 2) before anything is loaded.
    func validate() throws {
        do { _ = try dynamicProperties() } catch {
            printError("layerplay: \(error.description)")
            throw ExitCode(2)
        }
        if let bad = inputs.first(where: { !$0.contains("=") }) {
            printError("layerplay: --input \(DocumentText.quoted(bad)): expected NAME=VALUE")
            throw ExitCode(2)
        }
        if stateMachine == nil, !inputs.isEmpty {
            printError("layerplay: --input drives a state machine: give --state-machine ID")
            throw ExitCode(2)
        }
    }

    /// `--value` and `--text` as providers: `KEYPATH=VALUE` split at the last `=` (a value has
    /// none), `KEYPATH=TEXT` at the first (a text may have some).
    func dynamicProperties() throws(DocumentError) -> LottieDynamicProperties {
        var d = LottieDynamicProperties()
        for v in values {
            guard let eq = v.lastIndex(of: "=") else { throw DocumentError("--value \(DocumentText.quoted(v))", "expected KEYPATH=VALUE") }
            let keypath: AnimationKeypath, provider: LottieValueProvider
            do {
                keypath = try AnimationKeypath.parse(String(v[..<eq]))
                provider = try LottieValueProvider.parse(String(v[v.index(after: eq)...]))
            } catch { throw DocumentError("--value", error.description) }
            d.setValueProvider(provider, keypath: keypath)
        }
        for t in texts {
            guard let eq = t.firstIndex(of: "=") else { throw DocumentError("--text \(DocumentText.quoted(t))", "expected KEYPATH=TEXT") }
            let text = String(t[t.index(after: eq)...])
            guard text.count <= LottieLimits.maximumTextCharacters else {
                throw DocumentError("--text \(DocumentText.quoted(String(t[..<eq])))", "\(text.count) characters exceed the limit \(LottieLimits.maximumTextCharacters)")
            }
            do { d.setText(text, keypath: try AnimationKeypath.parse(String(t[..<eq]))) } catch { throw DocumentError("--text", error.description) }
        }
        return d
    }

    @Option(name: .customLong("state-machine"), help: ArgumentHelp("dotLottie: run this state machine of a .lottie archive (its manifest id; \"\" the initial or first): the frame shown is its state's (render and inspect print the state; play shows it in the title and takes the pointer; render --click T:X,Y clicks at times of its clock).", valueName: "id"))
    var stateMachine: String?

    @Option(name: .customLong("input"), help: ArgumentHelp("dotLottie state machine: set an input when it starts (true/false, a number, text; an event is fired). Repeatable, in order.", valueName: "name=value"))
    var inputs: [String] = []

    var load: LottieLoadOptions {
        var o = LottieLoadOptions(reading: iOS ? .iOS : .afterEffects, animation: animation, theme: theme, marker: marker, expressions: !noExpressions,
                                  dynamicProperties: (try? dynamicProperties()) ?? LottieDynamicProperties())
        o.stateMachine = stateMachine
        o.inputs = inputs.compactMap { i in i.firstIndex(of: "=").map { (String(i[..<$0]), String(i[i.index(after: $0)...])) } }
        return o
    }
}

/// The segment `options` ask for (`--marker`, or `play --from/--to`), or nil for the whole animation. The scene's
/// root is made to begin there: its `timeOffset` is the segment's start, so its content's time
/// is the caller's time plus the start (Core Animation's layer time, local = (parent −
/// beginTime) × speed + timeOffset), and every command keeps counting from 0.
func applyLottieSegment(_ scene: LottieScene, _ options: LottieLoadOptions) throws(DocumentError) -> LottieSegment? {
    let segment: LottieSegment
    if let marker = options.marker {
        guard options.from == nil && options.to == nil else { throw DocumentError("", "give --marker or --from/--to, not both") }
        segment = try scene.segment(marker: marker)
    } else if options.from != nil || options.to != nil {
        segment = try scene.segment(fromFrame: options.from?.frame(in: scene), toFrame: options.to?.frame(in: scene))
    } else {
        return nil
    }
    scene.root.timeOffset = segment.startTime
    return segment
}

/// Imports a Lottie file with `options` with the clock at 0 (the animations' begin), and
/// its segment when `--marker` asks for one, printing each warning once as
/// `layerplay: FILE: warning: …`; a refusal exits 1 with one line.
func loadLottie(_ path: String, quiet: Bool = false, options: LottieLoadOptions = LottieLoadOptions()) throws -> (LottieScene, LottieSegment?) {
    let file = DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)
    // Text layers without glyph outlines are set in a font.
    TTFTextRenderer.installAsDefault()
    let context = CAAnimationContext.current
    context.clock.manualTime = 0
    do {
        let scene = try LottieScene.load(path: path, images: SDLImageLoader(), reading: options.reading, animation: options.animation, theme: options.theme,
                                         expressions: options.expressions, dynamicProperties: options.dynamicProperties)
        let segment = try applyLottieSegment(scene, options)
        context.engine.tick(at: 0)
        if !quiet { printLottieWarnings(scene, path: path) }
        return (scene, segment)
    } catch {
        printError("layerplay: \(file): \(error.description)")
        throw ExitCode(1)
    }
}

/// Prints each of the importer's warnings once as `layerplay: FILE: warning: …`.
func printLottieWarnings(_ scene: LottieScene, path: String) {
    let file = DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)
    for w in scene.warnings { printError("layerplay: \(file): warning: \(DocumentText.escaped(w, limit: DocumentText.messageLength))") }
}

/// Refuses a render canvas of `width` × `height` points at `scale` above `DocumentLimits` with
/// one line naming the file, before any warning is printed (a refusal is one line).
func checkLottieCanvas(_ path: String, width: Double, height: Double, scale: Double) throws {
    let pw = (width * scale).rounded(.up), ph = (height * scale).rounded(.up)
    guard case .success = DocumentLimits.canvasPixels(width: pw, height: ph, scale: 1) else {
        let file = DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)
        printError("layerplay: \(file): canvas \(DocumentText.number(pw)) × \(DocumentText.number(ph)) pixels exceeds the limit \(DocumentLimits.maximumSide) pixels a side and \(DocumentLimits.maximumPixels) pixels")
        throw ExitCode(1)
    }
}

/// `WxH` in points (fractions allowed), or exit 2.
func parseCanvasSize(_ s: String) throws -> (Double, Double) {
    let parts = s.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite, w > 0, h > 0 else {
        printError("--size must be WxH in points, positive numbers (got \(DocumentText.quoted(s)))")
        throw ExitCode(2)
    }
    return (w, h)
}

/// The state machine `options` ask for, started on `scene` with their inputs and clicks, or
/// nil when none is asked for; a refusal exits 1 with one line naming the file.
func startLottieStateMachine(_ path: String, scene: LottieScene, options: LottieLoadOptions) throws -> LottieStateMachineStage? {
    let file = DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)
    do {
        let stage = try startStateMachine(path, scene: scene, options: options)
        // What the machine holds but this player does not run, one line each.
        for line in stage?.machine.definition.unsupported ?? [] { printError("layerplay: \(file): state machine: \(line)") }
        return stage
    } catch {
        printError("layerplay: \(file): \(error.description)")
        throw ExitCode(1)
    }
}

/// `startLottieStateMachine` throwing the refusal (`play` shows it on the banner).
func startStateMachine(_ path: String, scene: LottieScene, options: LottieLoadOptions) throws(DocumentError) -> LottieStateMachineStage? {
    guard let asked = options.stateMachine else { return nil }
    guard options.marker == nil, options.from == nil, options.to == nil else {
        throw DocumentError("", "give --state-machine or --marker/--from/--to, not both (the state machine chooses the frames)")
    }
    guard let data = FileManager.default.contents(atPath: path) else { throw DocumentError("", "cannot read the file") }
    let (_, definition) = try LottieScene.stateMachine(Array(data), id: asked.isEmpty ? nil : asked)
    // The other animations its states name, read as the first one was.
    var others: [String: LottieScene] = [:]
    let machine: LottieStateMachine
    if let shownID = scene.animationID, !definition.animationIDs.filter({ $0 != shownID }).isEmpty {
        machine = try LottieScene.stateMachine(definition, shown: scene, id: shownID) { (id: String) throws(DocumentError) -> LottieScene in
            let other = try LottieScene.load(path: path, images: SDLImageLoader(), reading: options.reading, animation: id, theme: options.theme,
                                             expressions: options.expressions, dynamicProperties: options.dynamicProperties)
            others[id] = other
            return other
        }
    } else {
        machine = LottieStateMachine(definition, scene: scene)
    }
    machine.start()
    for (name, value) in options.inputs { try machine.setInput(name, text: value) }
    return LottieStateMachineStage(machine: machine, scene: scene, others: others,
                                   fileName: DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength))
}

/// Shows `machine`'s frame in `scene` at clock time `t`: the root's content time is the frame's
/// (Core Animation's local time = parent time + `timeOffset` at speed 1 and beginTime 0).
func showStateMachineFrame(_ stage: LottieStateMachineStage, at t: Double) {
    let rootTime = stage.show(at: t)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    stage.scene.root.timeOffset = rootTime - t
    CATransaction.commit()
}
