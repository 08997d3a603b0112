// A folder of PNG files, frame_00000.png … (the names `layerplay record` writes), each a whole
// frame, encoded on the worker threads.
import Foundation

/// Writes each frame as its own PNG in a folder.
public final class PNGFolderEncoder: FrameEncoder {
    let folder: String
    let settings: ExportSettings

    init(folder: String, settings: ExportSettings) { self.folder = folder; self.settings = settings }

    public func prepare(_ image: RGBAImage, previous: RGBAImage?, index: Int) throws -> PreparedFrame {
        let frame = PreparedFrame(index: index, image: image, rect: PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        frame.data = try PNGChunks.file(image, level: Int32(max(1, min(9, settings.quality / 11))))
        return frame
    }

    public func write(_ frame: PreparedFrame) throws {
        let file = try OutputFile(path: (folder as NSString).appendingPathComponent(String(format: "frame_%05d.png", frame.index)))
        try file.write(frame.data)
        try file.close()
    }

    public func finish() throws {}
}
