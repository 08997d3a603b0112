// Playing Lottie files (recording and timing are the animation source's, AnimationSource.swift). Playback is Core Animation layer timing: the
// imported tree sits in a clock layer whose `duration` is the animation's, `repeatCount`
// infinite to loop (or 1, filling forwards, to play once), `speed` the playback rate and
// `timeOffset` the starting progress, so every generated animation follows that clock.
import ArgumentParser
import Foundation
import LayerKit
import Lottie
import Media
import Player

extension LottieScene {
    /// The tree aspect-fit into `width`×`height` inside a clock layer (see the file header).
    func playbackTree(width: Double, height: Double, speed: Double, loop: Bool, startProgress: Double) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let clock = CALayer()
        clock.anchorPoint = Point(0, 0)
        clock.bounds = Rect(0, 0, width, height)
        clock.position = Point(0, 0)
        clock.duration = duration
        clock.repeatCount = loop ? .infinity : 1
        clock.fillMode = .both
        clock.speed = speed
        clock.timeOffset = duration * min(max(startProgress, 0), 1)
        clock.addSublayer(fitted(width: width, height: height))
        return clock
    }
}

/// `layerplay play ANIM.json`: the animation in the window, looping unless `--once`.
func playLottie(_ path: String, player: PlayerOptions, speed: Double, once: Bool, progress: Double) throws {
    try requireValid(speed.isFinite && speed > 0 && speed <= 100, "--speed must be within (0, 100]")
    try requireValid(progress.isFinite && progress >= 0 && progress <= 1, "--progress must be within [0, 1]")
    let lottie = try loadLottie(path, quiet: true)
    var config = try player.configuration(title: "LayerKit — \(path)")
    if player.size == "800x600" {
        try checkLottieCanvas(path, width: lottie.width, height: lottie.height, scale: 1)
        config.size = Size(lottie.width, lottie.height)
    }
    printLottieWarnings(lottie, path: path)
    try reportingPlayerErrors {
        let context = CAAnimationContext.current
        context.clock.manualTime = nil
        context.clock.resetOrigin()
        let tree = lottie.playbackTree(width: config.size.width, height: config.size.height, speed: speed, loop: !once,
                                       startProgress: progress)
        let scene = LayerScene(size: config.size, root: tree, background: .clear, context: context)
        try WindowHost(configuration: config).run(scene)
    }
}
