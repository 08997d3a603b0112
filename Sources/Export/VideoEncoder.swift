// MP4 (H.264 by libx264) and WebM (VP9 by libvpx-vp9) through FFmpeg's libraries: libavformat
// muxes, libavcodec encodes, libswscale converts the RGBA frames to yuv420p (BT.601, what
// players assume for this size without colour tags). yuv420p needs even sides: an odd width
// or height is padded by one pixel of the last column or row. Frame n has presentation time
// n in a time base of 1/fps (fps as a rational with denominator 1001 or 1000).
// Quality 1…100 maps to the constant rate factor: x264 crf = 51 − 0.37·q (90 → 18, x264's
// "visually lossless" region), VP9 crf = 63 − 0.43·q (90 → 24, with b:v 0: constant quality).
import CFFmpeg

/// Writes an H.264 MP4 or a VP9 WebM.
public final class VideoEncoder: FrameEncoder {
    let settings: ExportSettings
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    private let width: Int, height: Int
    private var opened = false

    init(path: String, format kind: ExportFormat, settings: ExportSettings) throws {
        self.settings = settings
        width = settings.width + settings.width % 2
        height = settings.height + settings.height % 2
        // FFmpeg's own notes (x264's statistics, libvpx's version) stay quiet; errors come back
        // as codes and are reported in one line.
        av_log_set_level(AV_LOG_ERROR)
        let (muxer, encoderName) = kind == .mp4 ? ("mp4", "libx264") : ("webm", "libvpx-vp9")
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&fmt, nil, muxer, path), "cannot set up the \(muxer) muxer")
        format = fmt
        guard let codecInfo = avcodec_find_encoder_by_name(encoderName) else {
            throw ExportError("this FFmpeg has no \(encoderName) encoder")
        }
        guard let c = avcodec_alloc_context3(codecInfo), let s = avformat_new_stream(fmt, nil) else {
            throw ExportError("FFmpeg: out of memory")
        }
        codec = c; stream = s
        let rate = Self.rational(settings.frameRate)
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        c.pointee.time_base = AVRational(num: rate.den, den: rate.num)
        c.pointee.framerate = rate
        c.pointee.gop_size = Int32(max(1, min(250, Int(settings.frameRate * 2))))
        if (fmt!.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        let q = Double(max(1, min(100, settings.quality)))
        if kind == .mp4 {
            av_opt_set(c.pointee.priv_data, "crf", String(Int((51 - 0.37 * q).rounded().clamped(0, 51))), 0)
            av_opt_set(c.pointee.priv_data, "preset", "medium", 0)
        } else {
            av_opt_set(c.pointee.priv_data, "crf", String(Int((63 - 0.43 * q).rounded().clamped(0, 63))), 0)
            c.pointee.bit_rate = 0
            av_opt_set(c.pointee.priv_data, "deadline", "good", 0)
            av_opt_set(c.pointee.priv_data, "cpu-used", "4", 0)
            av_opt_set(c.pointee.priv_data, "row-mt", "1", 0)
        }
        try check(avcodec_open2(c, codecInfo, nil), "cannot open \(encoderName)")
        try check(avcodec_parameters_from_context(s.pointee.codecpar, c), "cannot set the stream's parameters")
        s.pointee.time_base = c.pointee.time_base
        s.pointee.avg_frame_rate = rate
        try check(avio_open(&fmt!.pointee.pb, path, AVIO_FLAG_WRITE), "cannot create \(path)")
        opened = true
        try check(avformat_write_header(fmt, nil), "cannot write the \(muxer) header")
        guard let f = av_frame_alloc(), let p = av_packet_alloc() else { throw ExportError("FFmpeg: out of memory") }
        frame = f; packet = p
        f.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        try check(av_frame_get_buffer(f, 0), "cannot allocate a frame")
        guard let sws = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height),
                                       AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil) else {
            throw ExportError("libswscale cannot convert RGBA to yuv420p")
        }
        scaler = sws
    }

    deinit {
        if let scaler { sws_freeContext(scaler) }
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if codec != nil { avcodec_free_context(&codec) }
        if let format {
            if opened { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
        }
    }

    public func prepare(_ image: RGBAImage, previous: RGBAImage?, index: Int) throws -> PreparedFrame {
        PreparedFrame(index: index, image: image, rect: PixelRect(x: 0, y: 0, width: image.width, height: image.height))
    }

    public func write(_ prepared: PreparedFrame) throws {
        guard let frame, let scaler else { return }
        let image = prepared.image
        // The frame padded to even sides (the last column and row repeated).
        var source = image
        if image.width != width || image.height != height {
            let padded = RGBAImage(width: width, height: height)
            for y in 0..<height {
                let sy = min(y, image.height - 1)
                (padded.bytes + y * width * 4).update(from: image.bytes + sy * image.width * 4, count: image.width * 4)
                if width > image.width {
                    (padded.bytes + (y * width + image.width) * 4).update(from: image.bytes + (sy * image.width + image.width - 1) * 4, count: 4)
                }
            }
            source = padded
        }
        try check(av_frame_make_writable(frame), "cannot write a frame")
        var planes: [UnsafePointer<UInt8>?] = [UnsafePointer(source.bytes), nil, nil, nil]
        var strides: [Int32] = [Int32(width * 4), 0, 0, 0]
        let dst = withUnsafeMutablePointer(to: &frame.pointee.data) { $0.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { $0 } }
        let dstStride = withUnsafeMutablePointer(to: &frame.pointee.linesize) { $0.withMemoryRebound(to: Int32.self, capacity: 8) { $0 } }
        _ = sws_scale(scaler, &planes, &strides, 0, Int32(height), dst, dstStride)
        frame.pointee.pts = Int64(prepared.index)
        try send(frame)
    }

    public func finish() throws {
        try send(nil)
        try check(av_write_trailer(format), "cannot finish the file")
        try check(avio_closep(&format!.pointee.pb), "cannot close the file")
        opened = false
    }

    /// Sends a frame (nil: flush) and writes every packet the encoder has ready.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        try check(avcodec_send_frame(codec, frame), "the encoder refused a frame")
        while true {
            let r = avcodec_receive_packet(codec, packet)
            if r == lk_averror_eagain() || r == lk_averror_eof() { return }
            try check(r, "the encoder failed")
            av_packet_rescale_ts(packet, codec!.pointee.time_base, stream!.pointee.time_base)
            packet!.pointee.stream_index = stream!.pointee.index
            try check(av_interleaved_write_frame(format, packet), "cannot write a packet")
        }
    }

    private func check(_ code: Int32, _ what: String) throws {
        guard code < 0 else { return }
        var buffer = [CChar](repeating: 0, count: 128)
        let text = String(cString: lk_av_error_text(code, &buffer, buffer.count))
        throw ExportError("FFmpeg: \(what): \(text)")
    }

    /// `fps` as a rational: n/1001 for the NTSC rates (29.97 …), else n/1000 reduced.
    static func rational(_ fps: Double) -> AVRational {
        let ntsc = (fps * 1001).rounded()
        if abs(ntsc / 1001 - fps) < 1e-6, Int(ntsc) % 1000 == 0 { return AVRational(num: Int32(ntsc), den: 1001) }
        var num = Int((fps * 1000).rounded()), den = 1000
        var a = num, b = den
        while b != 0 { (a, b) = (b, a % b) }
        num /= a; den /= a
        return AVRational(num: Int32(num), den: Int32(den))
    }
}

extension Double {
    func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(hi, Swift.max(lo, self)) }
}
