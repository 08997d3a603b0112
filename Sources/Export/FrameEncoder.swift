// The two halves of every encoder: `prepare` does a frame's own work (quantizing, filtering,
// compressing) on any worker thread, frames side by side; `write` takes the prepared frames in
// order on one thread and appends them to the file. A format whose library encodes strictly
// in order (libwebp's animation encoder, FFmpeg's) prepares nothing and does it all in `write`.

/// A frame's work done ahead of writing: encoded bytes (and where they go), or the image.
public final class PreparedFrame: @unchecked Sendable {
    public let index: Int
    public let image: RGBAImage
    /// Encoded bytes (GIF: the frame's blocks; APNG: the zlib stream; PNG: the file).
    public var data: [UInt8] = []
    /// The part of the canvas the data covers.
    public var rect: PixelRect
    /// Whether the frame is drawn over the previous one left in place (GIF's delta frames).
    public var drawsOverPrevious = false
    public init(index: Int, image: RGBAImage, rect: PixelRect) { self.index = index; self.image = image; self.rect = rect }
}

/// An encoder of one format writing one file (or folder).
public protocol FrameEncoder: AnyObject {
    /// Frame `index`'s own work; `previous` is frame `index − 1` when the worker has it (nil
    /// for the first frame). Called from several threads at once: touches no shared state.
    func prepare(_ image: RGBAImage, previous: RGBAImage?, index: Int) throws -> PreparedFrame
    /// Appends a prepared frame; called in frame order on one thread.
    func write(_ frame: PreparedFrame) throws
    /// Writes what follows the last frame and closes the output.
    func finish() throws
}

/// The encoder of `format` writing to `path` (the folder for `.pngFolder`).
public func makeEncoder(_ format: ExportFormat, path: String, settings: ExportSettings) throws -> FrameEncoder {
    switch format {
    case .gif: return try GIFEncoder(path: path, settings: settings)
    case .apng: return try APNGEncoder(path: path, settings: settings)
    case .pngFolder: return PNGFolderEncoder(folder: path, settings: settings)
    case .webp: return try WebPAnimationEncoder(path: path, settings: settings)
    case .mp4, .webm: return try VideoEncoder(path: path, format: format, settings: settings)
    }
}
