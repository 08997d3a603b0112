// Which present path a window takes. SDL reports its own software renderer by name and flag;
// an OpenGL renderer may itself run on the CPU (Mesa's llvmpipe, softpipe or swrast under
// Xvfb, in virtual machines and over remote X), which only the GL_RENDERER string tells.
import CSDL2

/// The present path asked for on the command line (`--present`).
public enum PresentPath: String, Sendable, CaseIterable {
    /// The window surface where the renderer is a software one, else the streaming texture.
    case auto
    /// Always the streaming texture through SDL's renderer.
    case texture
    /// Always the window surface.
    case surface
}

enum SoftwareRendererCheck {
    /// GL_RENDERER from glGetString (the enum's value in GL/gl.h).
    static let glRenderer: UInt32 = 0x1F01
    /// Renderer strings of GL implementations that draw on the CPU.
    static let softwareGLNames = ["llvmpipe", "softpipe", "swrast", "software rasterizer"]

    /// Whether `renderer` draws on the CPU, and the name that tells.
    static func isSoftware(_ renderer: OpaquePointer) -> (Bool, String) {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let name = info.name.map { String(cString: $0) } ?? "unknown"
        if name == "software" || (info.flags & SDL_RENDERER_SOFTWARE.rawValue) != 0 { return (true, "SDL software renderer") }
        guard name.hasPrefix("opengl"), let proc = SDL_GL_GetProcAddress("glGetString") else { return (false, name) }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard let text = unsafeBitCast(proc, to: GetString.self)(glRenderer) else { return (false, name) }
        let gl = String(cString: text)
        return (isSoftwareGL(gl), "\(name) on \(gl)")
    }

    /// Whether a GL_RENDERER string names a CPU implementation.
    static func isSoftwareGL(_ renderer: String) -> Bool {
        let lower = renderer.lowercased()
        return softwareGLNames.contains { lower.contains($0) }
    }
}
