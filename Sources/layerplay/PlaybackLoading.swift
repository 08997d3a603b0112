// What `play` needs to open a file in its window: a document or a Lottie file loaded into a
// PlaybackItem, or the one-line refusal (`FILE: place: problem`) for the banner — the window
// stays open, so nothing here exits. Animations are added with the media clock at 0 and the
// root out of any tree, then committed (Core Animation resolves beginTime 0 to the commit's
// time), so content time 0 is each animation's start; the scene then freezes the content's
// clock layer at its own playback time. A document's animations are added with
// isRemovedOnCompletion off: the player seeks back past their end, and `render` (which never
// removes one) is what every frame must match.

import Foundation
import LayerKit
import Lottie
import Media
import Player

/// Loads `path` for `play` (see the file header); a Lottie file with `options` (reading, archive animation, marker segment).
func loadPlaybackItem(_ path: String, options: LottieLoadOptions = LottieLoadOptions()) -> Result<PlaybackItem, PlayerError> {
    let file = DocumentText.escaped((path as NSString).lastPathComponent, limit: DocumentText.quotedLength)
    TTFTextRenderer.installAsDefault()
    let context = CAAnimationContext.current
    let saved = context.clock.manualTime
    context.clock.manualTime = 0
    defer { context.clock.manualTime = saved }
    if isLottieFile(path) {
        let lottie: LottieScene
        do { lottie = try LottieScene.load(path: path, images: SDLImageLoader(), reading: options.reading, animation: options.animation, theme: options.theme,
                                                    expressions: options.expressions, dynamicProperties: options.dynamicProperties) } catch {
            return .failure(PlayerError("\(file): \(error.description)"))
        }
        let segment: LottieSegment?
        do { segment = try applyLottieSegment(lottie, options) } catch { return .failure(PlayerError("\(file): \(error.description)")) }
        context.engine.tick(at: 0)
        guard case .success = DocumentLimits.canvasPixels(width: lottie.width.rounded(.up), height: lottie.height.rounded(.up), scale: 1) else {
            return .failure(PlayerError("\(file): canvas \(DocumentText.number(lottie.width)) × \(DocumentText.number(lottie.height)) points exceeds the limit \(DocumentLimits.maximumSide) pixels a side and \(DocumentLimits.maximumPixels) pixels"))
        }
        printLottieWarnings(lottie, path: path)
        let item = PlaybackItem(path: path, root: lottie.root, size: Size(lottie.width, lottie.height),
                                duration: segment?.duration ?? lottie.duration, frameRate: lottie.frameRate, background: .clear)
        if options.stateMachine != nil {
            guard segment == nil else { return .failure(PlayerError("\(file): give --state-machine or --marker/--from/--to, not both")) }
            do {
                guard let stage = try startStateMachine(path, scene: lottie, options: options) else { return .success(item) }
                item.driver = LottieStateMachineDriver(stage: stage)
            } catch { return .failure(PlayerError("\(file): \(error.description)")) }
        }
        return .success(item)
    }
    guard !options.asksForLottie else {
        return .failure(PlayerError("\(file): --animation, --theme, --marker, --from, --to, --value, --text and --state-machine are for Lottie files"))
    }
    let doc: LayerDocument
    do { doc = try LayerDocument.load(path: path, images: SDLImageLoader()) } catch {
        return .failure(PlayerError("\(file): \(error.description)"))
    }
    var end = 0.0
    for (layer, spec, _) in doc.animationSpecs {
        let a = spec.makeAnimation()
        a.isRemovedOnCompletion = false
        end = max(end, documentAnimationEnd(a))
        layer.add(a, forKey: spec.key)
    }
    context.engine.tick(at: 0)
    return .success(PlaybackItem(path: path, root: doc.root, size: Size(doc.width, doc.height),
                                 duration: end, frameRate: 60, background: doc.background))
}

/// Where an animation of a document ends in its layer's time (CAAnimation.endTime); one cycle
/// for one that repeats forever (the scrubber's and export's length is then that cycle), at
/// most `maximumDocumentDuration`. Layer timing (a layer's own speed or offset) is not followed.
func documentAnimationEnd(_ a: CAAnimation) -> Double {
    var end = a.endTime
    if !end.isFinite {
        guard a.speed != 0 else { return 0 }
        end = max(0, a.beginTime) + a.basicDuration * (a.autoreverses ? 2 : 1) / abs(a.speed)
    }
    return end.isFinite ? min(max(end, 0), maximumDocumentDuration) : 0
}

/// A document whose timing says more than an hour is played and exported for an hour at most.
let maximumDocumentDuration = 3600.0
