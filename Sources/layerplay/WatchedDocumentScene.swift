// `layerplay play DOC.json --watch`: the document reloaded whenever its file changes. A
// change is looked for a few times a second (file stamps, no extra thread); a document that
// loads replaces the one on screen and keeps the document time (its animations begin when
// the first version's did) or, with --restart-on-change, starts again from document time 0
// (beginTime 0 resolves to the next commit, as Core Animation does). A document that is
// refused leaves the previous good version playing: its one-line error goes to stderr and
// onto a banner at the top of the window until a good version loads.
import Foundation
import LayerKit
import Media
import Player

/// The scene of `play --watch`: the document's root inside a root that follows the window.
final class WatchedDocumentScene: LayerScene {
    let path: String
    let restartOnChange: Bool
    /// How often the file is looked at, in seconds of real time.
    static let pollInterval = 0.2
    static let bannerHeight = 26.0
    private(set) var document: LayerDocument
    private(set) var reloadCount = 0
    private var watcher: FileChangeWatcher
    private var nextPoll = 0.0
    /// Media time at which the current document's animations began (document time 0).
    private var documentOrigin: Double?
    private let banner = CATextLayer()
    private let report: (String) -> Void

    /// `document` (loaded from `path`, its animations not yet attached) in a window of `size`.
    init(document: LayerDocument, path: String, restartOnChange: Bool, size: Size,
         context: CAAnimationContext, report: @escaping (String) -> Void = { printError($0) }) {
        self.path = path
        self.restartOnChange = restartOnChange
        self.document = document
        self.report = report
        watcher = FileChangeWatcher(path: path)
        super.init(size: size, background: document.background, context: context)
        context.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            root.addSublayer(document.root)
            banner.frame = Rect(0, 0, size.width, Self.bannerHeight)
            banner.backgroundColor = Color(0.55, 0.05, 0.05, 0.88)
            banner.foregroundColor = .white
            banner.fontSize = 13
            banner.isHidden = true
            root.addSublayer(banner)
            CATransaction.commit()
            DocumentPlayback.attachAnimations(document)
        }
    }

    /// The one-line error on screen, nil when the document on screen is the file's.
    var refusal: String? { banner.isHidden ? nil : banner.string }

    override func update(timestamp: Double, targetTimestamp: Double, duration: Double) {
        if documentOrigin == nil { documentOrigin = targetTimestamp }
        let now = MonotonicTime.seconds()
        if now >= nextPoll {
            nextPoll = now + Self.pollInterval
            if watcher.poll() { reload() }
        }
        super.update(timestamp: timestamp, targetTimestamp: targetTimestamp, duration: duration)
    }

    override func resize(to size: Size) {
        super.resize(to: size)
        context.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            banner.frame = Rect(0, 0, size.width, Self.bannerHeight)
            CATransaction.commit()
        }
    }

    /// Loads the file again: on success the new document replaces the old one, else the
    /// refusal is shown and the old one keeps playing.
    func reload() {
        let loaded: LayerDocument
        do {
            loaded = try LayerDocument.load(path: path, images: SDLImageLoader())
        } catch {
            let file = DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)
            show(refusal: "\(file): \(error.description)")
            return
        }
        reloadCount += 1
        context.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            Self.removeAllAnimations(in: document.root)
            document.root.removeFromSuperlayer()
            root.insertSublayer(loaded.root, at: 0)
            banner.isHidden = true
            CATransaction.commit()
            if restartOnChange || documentOrigin == nil {
                documentOrigin = nil
                DocumentPlayback.attachAnimations(loaded)
            } else {
                attach(loaded, beganAt: documentOrigin!)
            }
        }
        document = loaded
        background = loaded.background
    }

    /// Adds `doc`'s animations as if they had been added at media time `origin`: an
    /// animation whose beginTime is 0 would resolve it to the commit's time, so it is given
    /// `origin` in its layer's time instead; others keep theirs.
    private func attach(_ doc: LayerDocument, beganAt origin: Double) {
        for (layer, spec, _) in doc.animationSpecs {
            let a = spec.makeAnimation()
            if a.beginTime == 0 { a.beginTime = layer.convertTime(origin, from: nil) }
            layer.add(a, forKey: spec.key)
        }
    }

    private func show(refusal line: String) {
        report("layerplay: reload refused: \(line)")
        context.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            banner.string = "  reload refused: \(line)"
            banner.isHidden = false
            CATransaction.commit()
        }
    }

    static func removeAllAnimations(in layer: CALayer) {
        layer.removeAllAnimations()
        for s in layer.sublayers ?? [] { removeAllAnimations(in: s) }
    }
}
