// What the headless commands (`render`, `record`, `bench`, `inspect`, `export`, `thumbnail`)
// draw: an animation source, either a layer document or a Lottie file, behind one surface —
// its natural size, duration and frame rate, and for any time t the layer tree to rasterize.
// The file is told apart by content once, in `openAnimationSource`; no command branches on
// the kind again.
//
// Time is Core Animation time in seconds: document time for documents (0 is the instant the
// animations are added), (frame − ip) / fr for Lottie files (lottie-ios's frameTime).
import ArgumentParser
import Foundation
import LayerKit
import Lottie
import Media
import Player

/// A layer document or a Lottie file, as the headless commands draw it.
protocol AnimationSource: AnyObject {
    /// The path it was loaded from (for messages).
    var path: String { get }
    /// The canvas in points.
    var naturalSize: Size { get }
    /// Seconds the animation runs (0 for a still document).
    var duration: Double { get }
    /// Frames a second: a Lottie file's `fr`, 60 for documents (the display's rate).
    var frameRate: Double { get }
    /// What a frame is cleared to: a document's `background`, clear for Lottie files.
    var background: Color { get }
    /// The time of the frame that stands for the animation (thumbnails): a Lottie file's
    /// `poster` marker when it has one, else the midpoint.
    var posterTime: Double { get }
    /// Core Animation time of progress 0…1 through the animation.
    func time(forProgress progress: Double) -> Double
    /// Core Animation time of frame `frame` at `frameRate`.
    func time(forFrame frame: Double) -> Double
    /// The device pixels of a `width`×`height` point canvas at `scale`, or exit 1 with one line.
    func pixelSize(width: Double, height: Double, scale: Double) throws -> (width: Int, height: Int)
    /// The layer to draw for a `width`×`height` point canvas: the content aspect-fit into it.
    /// Call once per canvas; sample it at any time with `presentation(of:at:)`.
    func frameLayer(width: Double, height: Double) -> CALayer
    /// Sets the current context's clock so that presentations read time `t`.
    func setTime(_ t: Double)
    /// Prints the loader's warnings on stderr (Lottie: unsupported features).
    func printWarnings()
    /// Writes `inspect`'s layer listing at the given times (none: the source's default) to
    /// `out`, as it is made; past an output limit, exits 1 with one line before writing.
    func writeInspection(times: [Double], showAnimations: Bool, to out: inout JSONStream) throws
}

extension AnimationSource {
    /// The file's name as messages quote it.
    var fileName: String { DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength) }

    /// The presentation tree of `layer` (from `frameLayer`) at time `t`.
    func presentation(of layer: CALayer, at t: Double) -> CALayer {
        setTime(t)
        return layer.presentation(at: t)
    }

    /// The time chosen by at most one of progress, frame and time (0 without any).
    func time(progress: Double?, frame: Double?, time: Double?) throws -> Double {
        let given = [progress, frame, time].compactMap { $0 }
        try requireValid(given.count <= 1, "give one of --progress, --frame and --time")
        try requireValid(given.allSatisfy(\.isFinite), "--progress, --frame and --time must be finite numbers")
        if let progress { return self.time(forProgress: progress) }
        if let frame { return self.time(forFrame: frame) }
        return time ?? 0
    }

    /// The canvas in points: `--size WxH` when given, else the natural size.
    func canvas(_ size: String?) throws -> Size {
        guard let size else { return naturalSize }
        let (w, h) = try parseCanvasSize(size)
        return Size(w, h)
    }

    /// The frame at `t` on a fresh bitmap, cleared to `background` (default the source's).
    func renderFrame(at t: Double, canvas: Size, scale: Double, threads: FrameThreads = .fixed(1), background: Color? = nil) throws -> Bitmap {
        let (w, h) = try pixelSize(width: canvas.width, height: canvas.height, scale: scale)
        let layer = frameLayer(width: canvas.width, height: canvas.height)
        let tree = presentation(of: layer, at: t)
        let bmp = Bitmap(width: w, height: h)
        let renderer = makeRenderer(scale: scale, background: background ?? self.background)
        renderer.rasterizer.frameThreads = threads
        renderer.draw(tree, into: Canvas(bmp))
        try checkDrawnPixels(renderer, at: t)
        return bmp
    }

    /// A renderer for this source's frames, held to `DocumentLimits.maximumDrawnPixels`.
    func makeRenderer(scale: Double, background: Color? = nil) -> LayerRenderer {
        let renderer = LayerRenderer(scale: scale, background: background ?? self.background)
        renderer.drawnPixelLimit = DocumentLimits.maximumDrawnPixels
        return renderer
    }

    /// Exits 1 with one line when `renderer` refused the frame at `t` it was just asked to
    /// draw for drawing more pixels than `DocumentLimits.maximumDrawnPixels`.
    func checkDrawnPixels(_ renderer: LayerRenderer, at t: Double) throws {
        guard let n = renderer.refusedDrawnPixels else { return }
        printError("layerplay: \(fileName): \(drawnPixelsRefusal(n, at: t))")
        throw ExitCode(1)
    }
}

/// What a frame at `t` refused for drawing `n` pixels is told as (after the file's name).
func drawnPixelsRefusal(_ n: Double, at t: Double) -> String {
    "the frame at \(DocumentText.number(t)) s draws \(DocumentText.number((n / 1e6).rounded()))M pixels, past the limit \(DocumentText.number(DocumentLimits.maximumDrawnPixels / 1e6))M (maximumDrawnPixels)"
}

/// Loads `path` as a Lottie file when its content is one, else as a layer document; a file
/// that is neither exits 1 with the document loader's one line. Warnings are printed unless
/// `quiet` (then `printWarnings()` prints them when the caller is ready). A Lottie file is read
/// with `lottie` (`--ios`: lottie-ios's reading; `--animation`: an archive's animation).
func openAnimationSource(_ path: String, quiet: Bool = false, lottie: LottieLoadOptions = LottieLoadOptions()) throws -> AnimationSource {
    if isLottieFile(path) {
        let (scene, segment) = try loadLottie(path, quiet: quiet, options: lottie)
        let source = LottieSource(path: path, scene: scene, segment: segment)
        source.stage = try startLottieStateMachine(path, scene: scene, options: lottie)
        // In time order; steps at one time in the order given.
        source.pendingSteps = lottie.pointerSteps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return source
    }
    if lottie.asksForLottie {
        printError("layerplay: \(DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)): --animation, --theme, --marker, --value, --text and --state-machine are for Lottie files")
        throw ExitCode(1)
    }
    return DocumentSource(path: path, document: try loadDocument(path))
}

/// A layer document (docs/document-format.md) as an animation source.
final class DocumentSource: AnimationSource {
    let path: String
    let document: LayerDocument
    let duration: Double

    init(path: String, document: LayerDocument) {
        self.path = path
        self.document = document
        duration = Self.duration(of: document)
    }

    var naturalSize: Size { Size(document.width, document.height) }
    var frameRate: Double { 60 }
    var background: Color { document.background }
    var posterTime: Double { duration / 2 }
    func time(forProgress progress: Double) -> Double { duration * progress }
    func time(forFrame frame: Double) -> Double { frame / frameRate }
    func printWarnings() {}

    func pixelSize(width: Double, height: Double, scale: Double) throws -> (width: Int, height: Int) {
        if width == document.width && height == document.height { return try document.pixelSize(scale: scale) }
        switch DocumentLimits.canvasPixels(width: width, height: height, scale: scale) {
        case .success(let size): return size
        case .failure(let e):
            printError("layerplay: \(fileName): \(e.description)")
            throw ExitCode(1)
        }
    }

    /// The document's root itself at its own size; inside an aspect-fit holder at another.
    func frameLayer(width: Double, height: Double) -> CALayer {
        if width == document.width && height == document.height { return document.root }
        return aspectFit(document.root, size: naturalSize, into: Size(width, height))
    }

    func setTime(_ t: Double) {
        DocumentPlayback.prepare(document)
        DocumentPlayback.setDocumentTime(t)
    }

    func writeInspection(times: [Double], showAnimations: Bool, to out: inout JSONStream) {
        let ts = times.isEmpty ? [0] : times
        if ts.count > 1 { out.raw("[") }
        for (i, t) in ts.enumerated() {
            if i > 0 { out.raw(",\n") }
            writeDocumentSnapshot(document, at: t, showAnimations: showAnimations, to: &out)
        }
        if ts.count > 1 { out.raw("]") }
    }

    /// Where the document's last finite animation ends (document time); an endless one counts
    /// one cycle (its begin time plus one duration, twice when it autoreverses, at its speed).
    /// Animations are timed as they are built (`AnimationSpec.makeAnimation()`); the layers'
    /// own timing (speed, timeOffset) is not applied.
    static func duration(of doc: LayerDocument) -> Double {
        var end = 0.0
        for (_, spec, _) in doc.animationSpecs {
            end = max(end, documentAnimationEnd(spec.makeAnimation()))
        }
        return end
    }

}

/// A Lottie file (imported by the Lottie module) as an animation source: the whole
/// animation, or with `--marker` its segment, time 0 the segment's first frame (the scene's
/// root is offset there, `applyLottieSegment`) and frames still the file's own numbers.
final class LottieSource: AnimationSource {
    let path: String
    let scene: LottieScene
    let segment: LottieSegment?
    /// `--state-machine`: the machine whose state's frame is shown (its clock the source's time).
    var stage: LottieStateMachineStage?
    var machine: LottieStateMachine? { stage?.machine }
    /// `render --click`, `--press`, `--drag`, `--release` for the machine, in time order.
    var pendingSteps: [ScriptedInput] = []
    private var machineTime = 0.0

    init(path: String, scene: LottieScene, segment: LottieSegment? = nil) { self.path = path; self.scene = scene; self.segment = segment }

    var naturalSize: Size { Size(scene.width, scene.height) }
    var duration: Double { segment?.duration ?? scene.duration }
    var frameRate: Double { scene.frameRate }
    var background: Color { .clear }
    var posterTime: Double {
        // lottie-web and dotLottie players show the marker named "poster" as the still frame.
        if let m = scene.markers.first(where: { $0.name == "poster" }) {
            return min(max(time(forFrame: m.frame), 0), duration)
        }
        return duration / 2
    }
    func time(forProgress progress: Double) -> Double {
        guard let segment else { return scene.time(forProgress: progress) }
        return segment.duration * progress
    }
    func time(forFrame frame: Double) -> Double { scene.time(forFrame: frame) - (segment?.startTime ?? 0) }
    func printWarnings() { printLottieWarnings(scene, path: path) }

    /// Ceil of points × scale, refused above `DocumentLimits` with one line naming the file.
    func pixelSize(width: Double, height: Double, scale: Double) throws -> (width: Int, height: Int) {
        try checkLottieCanvas(path, width: width, height: height, scale: scale)
        return (Int((width * scale).rounded(.up)), Int((height * scale).rounded(.up)))
    }

    func frameLayer(width: Double, height: Double) -> CALayer { scene.fitted(width: width, height: height) }

    func setTime(_ t: Double) {
        guard let stage, let machine else { CAAnimationContext.current.clock.manualTime = t; return }
        // The machine runs on the source's time, taking the pointer steps `render` asks for on
        // the way (the layers showing the slots set so far); the tree shows its frame at t.
        while let next = pendingSteps.first, next.time <= t {
            pendingSteps.removeFirst()
            if next.time > machineTime { machine.advance(by: next.time - machineTime); machineTime = next.time }
            stage.applySlots()
            switch next.action {
            case .click(let p): machine.click(at: p)
            case .press(let p): machine.pointer(.down, at: p)
            case .drag(let p): machine.pointer(.move, at: p)
            case .release(let p): machine.pointer(.up, at: p); machine.pointer(.click, at: p)
            default: break
            }
        }
        if t > machineTime { machine.advance(by: t - machineTime) }
        machineTime = max(machineTime, t)
        showStateMachineFrame(stage, at: t)
        CAAnimationContext.current.clock.manualTime = t
        let animation = machine.animationID.map { " of animation \(DocumentText.quoted($0))" } ?? ""
        printError("layerplay: \(fileName): state \(DocumentText.quoted(machine.currentState)) at frame \(DocumentText.number(machine.frame))\(animation)")
    }

    func writeInspection(times: [Double], showAnimations: Bool, to out: inout JSONStream) throws {
        if machine != nil { setTime(times.first ?? 0) }
        do { out.raw(try scene.inspectionJSON(at: machine != nil ? (times.first ?? 0) : times.first)) } catch {
            printError("layerplay: \(fileName): \(error)")
            throw ExitCode(1)
        }
    }
}

/// A `into`-sized layer showing `content` (of `size` points) aspect-fit: centred, scaled
/// uniformly to fit (as `LottieScene.fitted` places a Lottie animation).
func aspectFit(_ content: CALayer, size: Size, into target: Size) -> CALayer {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    let frame = CALayer()
    frame.anchorPoint = Point(0, 0)
    frame.bounds = Rect(0, 0, target.width, target.height)
    frame.position = Point(0, 0)
    let s = min(target.width / size.width, target.height / size.height)
    let holder = CALayer()
    holder.anchorPoint = Point(0, 0)
    holder.bounds = Rect(0, 0, 0, 0)
    holder.position = Point((target.width - size.width * s) / 2, (target.height - size.height * s) / 2)
    holder.transform = .scale(s, s)
    holder.addSublayer(content)
    frame.addSublayer(holder)
    return frame
}
