// Document images for LayerKit: `LayerDocument` asks an `ImageLoading` for each `contents`
// file, and this one reads it through Media's PNG reader.
import LayerKit
import Raster

/// Loads document images (PNG and whatever SDL_image reads) for `LayerDocument`.
public final class SDLImageLoader: ImageLoading {
    public init() {}
    public func loadImage(atPath path: String) throws -> Bitmap { try Bitmap.readPNG(path) }
}
