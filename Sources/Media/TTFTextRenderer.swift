// CATextLayer's text through SDL2_ttf and DejaVu Sans (fonts-dejavu-core). LayerKit only
// knows the `TextRendering` protocol; the player and the commands install this one.
import CSDL2
import Foundation
import LayerKit

/// Renders strings with SDL2_ttf (blended, anti-aliased) into premultiplied bitmaps.
/// Fonts are opened per pixel size and file, the most recently used `maximumOpenFonts` kept
/// open. SDL_ttf shares one FreeType library between all fonts, so every renderer draws under
/// one process-wide lock.
public final class TTFTextRenderer: TextRendering {
    private static let lock = NSLock()
    /// Installs one renderer with the default font as `CATextLayer.renderer`, once per
    /// process (thread-safe), unless a renderer is already installed.
    public static func installAsDefault() { _ = installedDefault }
    private static let installedDefault: Bool = {
        if CATextLayer.renderer == nil { CATextLayer.renderer = TTFTextRenderer() }
        return true
    }()

    /// The Debian font used by default.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The TrueType file every string is set in.
    public let fontPath: String
    /// Fonts kept open at most.
    public static let maximumOpenFonts = 32
    /// Open fonts by pixel size and file.
    var fonts = OpenFontCache<FontKey>(capacity: maximumOpenFonts, close: { TTF_CloseFont($0) })
    struct FontKey: Hashable { var px: Int; var file: String }

    /// nil when SDL_ttf cannot start or the font file is missing.
    public init?(fontPath: String = TTFTextRenderer.defaultFontPath) {
        self.fontPath = fontPath
        Self.lock.lock()
        defer { Self.lock.unlock() }
        if TTF_WasInit() == 0 && TTF_Init() != 0 { return nil }
        guard let f = TTF_OpenFont(fontPath, 12) else { return nil }
        TTF_CloseFont(f)
    }
    deinit {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        fonts.removeAll()
    }

    /// The font at `size` pixels (rounded to whole pixels; SDL_ttf sizes are integers).
    func font(_ size: Double) -> OpaquePointer? {
        let px = Self.pixelSize(size)
        return fonts.font(FontKey(px: px, file: fontPath)) { TTF_OpenFont(fontPath, Int32(px)) }
    }

    /// Whole pixels, at least 1, within Int32.
    static func pixelSize(_ size: Double) -> Int {
        guard size.isFinite else { return 1 }
        return Int(max(1, min(size.rounded(), Double(Int32.max))))
    }

    /// Font files by family name, as fontconfig matches them (nil: no match; the default font).
    var familyFiles: [String: String?] = [:]

    /// The font of family `family` (nil: the default) at `size` pixels. A family is found by
    /// `fc-match` once; one fontconfig cannot find (or no fontconfig) falls back to the default.
    func font(_ family: String?, _ size: Double) -> OpaquePointer? {
        guard let family else { return font(size) }
        if familyFiles[family] == nil { familyFiles[family] = Self.matchFont(family) }
        guard let file = familyFiles[family]!, file != fontPath else { return font(size) }
        let px = Self.pixelSize(size)
        return fonts.font(FontKey(px: px, file: file)) { TTF_OpenFont(file, Int32(px)) } ?? font(size)
    }

    /// The font file for `family`, nil when fontconfig cannot be asked. A family fontconfig
    /// has (or substitutes a metric twin for, as Nimbus Sans for Helvetica) is its match; one
    /// it does not have gets Core Text's fallback, Helvetica's match, where fontconfig would
    /// give its own default: "If the value is unspecified, it defaults to `Helvetica`, and if
    /// that font is unavailable, it falls back to the global font cascade list."
    /// (kCTFontNameAttribute)
    static func matchFont(_ family: String) -> String? {
        guard let (file, names) = fontconfigMatch(family) else { return nil }
        func key(_ s: String) -> String { s.lowercased().filter { !$0.isWhitespace } }
        let found = names.split(separator: ",").contains { key(String($0)) == key(family) }
        guard !found, let fallback = fontconfigMatch("sans-serif"), fallback.file == file,
              let helvetica = fontconfigMatch("Helvetica") else { return file }
        return helvetica.file
    }

    /// fontconfig's best font file for `pattern` and its family names (comma-separated).
    static func fontconfigMatch(_ pattern: String) -> (file: String, families: String)? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        p.arguments = ["-f", "%{file}\n%{family}", pattern]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let path = lines.first, !path.isEmpty, FileManager.default.fileExists(atPath: path) else { return nil }
        return (path, lines.count > 1 ? lines[1] : "")
    }

    public func width(of line: String, font family: String?, fontSize: Double) -> Double {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard !line.isEmpty, let f = font(family, fontSize) else { return 0 }
        var w: Int32 = 0, h: Int32 = 0
        guard TTF_SizeUTF8(f, line, &w, &h) == 0 else { return 0 }
        return Double(w)
    }

    public func lineHeight(font family: String?, fontSize: Double) -> Double {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard let f = font(family, fontSize) else { return 0 }
        return Double(TTF_FontLineSkip(f))
    }

    public func ascent(font family: String?, fontSize: Double) -> Double {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard let f = font(family, fontSize) else { return 0 }
        return Double(TTF_FontAscent(f))
    }

    public func renderLine(_ line: String, font family: String?, fontSize: Double, color: Color) -> Bitmap? {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard !line.isEmpty, let f = font(family, fontSize), let b = Self.renderLine(line, f, color) else { return nil }
        Self.scaleAlpha(b, color.a)
        return b
    }

    /// One line rendered blended in `color` (opaque), premultiplied; nil when SDL_ttf fails.
    static func renderLine(_ line: String, _ f: OpaquePointer, _ color: Color) -> Bitmap? {
        func c(_ v: Double) -> UInt8 { UInt8(max(0, min(1, v)) * 255 + 0.5) }
        let fg = SDL_Color(r: c(color.r), g: c(color.g), b: c(color.b), a: 255)
        guard let s = TTF_RenderUTF8_Blended(f, line, fg) else { return nil }
        defer { SDL_FreeSurface(s) }
        guard let conv = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(conv) }
        let w = Int(conv.pointee.w), h = Int(conv.pointee.h), pitch = Int(conv.pointee.pitch)
        let b = Bitmap(width: w, height: h)
        if let base = conv.pointee.pixels {
            for y in 0..<h {
                let src = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { b.pixels[y * w + x] = premultiply(src[x]) }
            }
        }
        return b
    }

    /// Every pixel times `alpha` (a colour's alpha below 1).
    static func scaleAlpha(_ out: Bitmap, _ alpha: Double) {
        guard alpha < 1 else { return }
        let k = UInt32(max(0, alpha) * 255 + 0.5)
        for i in 0..<out.pixelCount {
            let v = out.pixels[i]
            func m(_ s: UInt32) -> UInt32 { let t = ((v >> s) & 0xff) * k + 128; return ((t + (t >> 8)) >> 8) << s }
            out.pixels[i] = m(24) | m(16) | m(8) | m(0)
        }
    }

    public func render(_ string: String, fontSize: Double, color: Color) -> Bitmap? {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard let f = font(fontSize) else { return nil }
        let lines = string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let skip = Int(TTF_FontLineSkip(f))
        let rendered = lines.map { $0.isEmpty ? nil : Self.renderLine($0, f, color) }
        let width = rendered.reduce(0) { max($0, $1?.width ?? 0) }
        guard width > 0 else { return nil }
        let out = Bitmap(width: width, height: max(1, skip * lines.count))
        for (i, b) in rendered.enumerated() {
            if let b { out.blit(b, x: 0, y: i * skip) }
        }
        Self.scaleAlpha(out, color.a)
        return out
    }
}
