// Document images for LayerKit: `LayerDocument` asks an `ImageLoading` for each `contents`
// file, and this one reads it through Media's PNG reader.
import LayerKit
import Raster

/// Loads document images (PNG and whatever SDL_image reads) for `LayerDocument`.
public final class SDLImageLoader: ImageLoading {
    /// A loader; it holds no state (SDL_image needs no initialising for loading).
    public init() {}
    /// The image at `path`, premultiplied; throws `MediaError` when it cannot be read.
    public func loadImage(atPath path: String) throws -> Bitmap { try Bitmap.readPNG(path) }
}
