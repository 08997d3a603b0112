// How many of LayerKit's objects are alive: model layers, animations and bitmaps (pixel
// buffers: contents, rendered text, offscreen groups, planes and transition snapshots), for
// finding what accumulates while a scene runs (the player's statistics, the soak tests).
import Raster

/// The numbers of live model layers, animations and bitmaps in the process, at one moment.
/// Presentation copies are not counted: they live for one frame.
public struct LiveObjectCounts: Sendable, Equatable, CustomStringConvertible {
    /// Layers made with `init()` (model layers, any class) and not yet freed.
    public var layers: Int
    /// Animations (any class; the copies layers hold included) not yet freed.
    public var animations: Int
    /// Bitmaps not yet freed.
    public var bitmaps: Int
    /// The pixel bytes those bitmaps hold.
    public var bitmapBytes: Int

    public init(layers: Int, animations: Int, bitmaps: Int, bitmapBytes: Int) {
        self.layers = layers; self.animations = animations
        self.bitmaps = bitmaps; self.bitmapBytes = bitmapBytes
    }

    /// The counts now.
    public static var current: LiveObjectCounts {
        LiveObjectCounts(layers: CALayer.liveModelLayers.count, animations: CAAnimation.liveAnimations.count,
                         bitmaps: Bitmap.liveBitmaps.count, bitmapBytes: Bitmap.liveBitmaps.bytes)
    }

    public var description: String {
        "layers \(layers), animations \(animations), bitmaps \(bitmaps) (\(bitmapBytes) bytes)"
    }
}
