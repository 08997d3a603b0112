// The command-line flags of Core Animation's debugging aids, shared by the window commands
// and `render` (where they draw over the written frame).
import ArgumentParser
import Player
import Raster

/// `--color-blended-layers`, `--color-offscreen-rendered`, `--flash-updated-regions`,
/// `--slow-animations [--slow-animation-factor F]`, `--paused`, `--layer-outlines`, `--stats`,
/// `--color-hits-misses`.
struct DebugAidOptions: ParsableArguments {
    @Flag(name: .customLong("color-blended-layers"), help: "Tint blended drawing red and opaque drawing green (key F1).")
    var colorBlendedLayers = false

    @Flag(name: .customLong("color-offscreen-rendered"), help: "Tint offscreen passes (group opacity, masks, 3D planes, transitions) yellow (key F2).")
    var colorOffscreenRendered = false

    @Flag(name: .customLong("flash-updated-regions"), help: "Flash each frame's damaged rectangle yellow (key F3).")
    var flashUpdatedRegions = false

    @Flag(name: .customLong("slow-animations"), help: "Run media time at --slow-animation-factor; the frame rate stays (key F4).")
    var slowAnimations = false

    @Option(name: .customLong("slow-animation-factor"), help: ArgumentHelp("Media time's rate under --slow-animations.", valueName: "F"))
    var slowAnimationFactor: Double = 0.1

    @Flag(name: .customLong("layer-outlines"), help: "Outline each drawn layer with its name; the layer under the pointer shows its presentation values (key F5).")
    var layerOutlines = false

    @Flag(name: .long, help: "Show the counts of drawn layers, animations and offscreen bitmaps, and their largest values at exit with the live layers, animations and bitmaps (key F6).")
    var stats = false

    @Flag(name: .long, help: "Start with media time paused (key F7; F8 steps one frame).")
    var paused = false

    @Flag(name: .customLong("color-hits-misses"), help: "Tint rasterized layers (shouldRasterize) green when their cached bitmap is reused, red when it is drawn again (key F9).")
    var colorHitsMisses = false

    /// The aids as flags say; throws one line on a bad factor.
    func aids() throws -> DebugAids {
        guard slowAnimationFactor.isFinite, slowAnimationFactor > 0, slowAnimationFactor <= 1 else {
            throw ValidationError("--slow-animation-factor \(slowAnimationFactor): expected 0 < F ≤ 1")
        }
        var a = DebugAids()
        a.colorBlendedLayers = colorBlendedLayers
        a.colorOffscreenRendered = colorOffscreenRendered
        a.flashUpdatedRegions = flashUpdatedRegions
        a.slowAnimations = slowAnimations
        a.slowAnimationFactor = slowAnimationFactor
        a.layerOutlines = layerOutlines
        a.stats = stats
        a.paused = paused
        a.colorHitsMisses = colorHitsMisses
        return a
    }
}

/// `--pointer X,Y` for `render`: where the outline overlay's pointer is (points).
func parsePointer(_ text: String?) throws -> Point? {
    guard let text else { return nil }
    let parts = text.split(separator: ",")
    guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
        throw ValidationError("--pointer \(text): expected X,Y in points, e.g. 120,80")
    }
    return Point(x, y)
}
