// Animated WebP through libwebp's WebPAnimEncoder (libwebpmux): frames added in order with
// their start times in milliseconds, a last NULL frame giving the end time, then assembled
// into the RIFF file (ANIM: loop count; ANMF per frame, the encoder choosing sub-rectangles
// and blending itself). Lossy VP8 with alpha at `quality`; 100 is lossless VP8L.
import CWebP

/// Writes an animated WebP.
public final class WebPAnimationEncoder: FrameEncoder {
    let settings: ExportSettings
    let path: String
    private var encoder: OpaquePointer?
    private var config = WebPConfig()

    init(path: String, settings: ExportSettings) throws {
        self.settings = settings
        self.path = path
        var options = WebPAnimEncoderOptions()
        guard lk_webp_anim_options_init(&options) != 0, lk_webp_config_init(&config) != 0 else {
            throw ExportError("libwebp: version mismatch")
        }
        options.anim_params.loop_count = Int32(min(65535, max(0, settings.loopCount)))
        options.anim_params.bgcolor = 0
        guard let e = lk_webp_anim_new(Int32(settings.width), Int32(settings.height), &options) else {
            throw ExportError("libwebp: cannot create an animation encoder for \(settings.width)×\(settings.height)")
        }
        encoder = e
        config.quality = Float(max(0, min(100, settings.quality)))
        config.lossless = settings.quality >= 100 ? 1 : 0
        config.method = 4
        guard WebPValidateConfig(&config) != 0 else { throw ExportError("libwebp: invalid settings") }
    }

    deinit { if let encoder { WebPAnimEncoderDelete(encoder) } }

    public func prepare(_ image: RGBAImage, previous: RGBAImage?, index: Int) throws -> PreparedFrame {
        PreparedFrame(index: index, image: image, rect: PixelRect(x: 0, y: 0, width: image.width, height: image.height))
    }

    public func write(_ frame: PreparedFrame) throws {
        guard let encoder else { throw ExportError("libwebp: frame after the end") }
        var picture = WebPPicture()
        guard lk_webp_picture_init(&picture) != 0 else { throw ExportError("libwebp: version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(frame.image.width)
        picture.height = Int32(frame.image.height)
        guard WebPPictureImportRGBA(&picture, frame.image.bytes, Int32(frame.image.width * 4)) != 0 else {
            throw ExportError("libwebp: out of memory importing frame \(frame.index)")
        }
        let ms = settings.start(ofFrame: frame.index, denominator: 1000)
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(ms), &config) != 0 else {
            throw ExportError("libwebp: frame \(frame.index): \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
    }

    public func finish() throws {
        guard let encoder else { return }
        let end = settings.start(ofFrame: settings.frameCount, denominator: 1000)
        guard WebPAnimEncoderAdd(encoder, nil, Int32(end), nil) != 0 else {
            throw ExportError("libwebp: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw ExportError("libwebp: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
        let file = try OutputFile(path: path)
        try file.write(Array(UnsafeBufferPointer(start: data.bytes, count: data.size)))
        try file.close()
    }
}
