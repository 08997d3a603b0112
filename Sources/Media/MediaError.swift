// The error Media's PNG reader and writer throw, and SDL_image's last message as its reason.
import CSDL2

/// A PNG that could not be read or written: the file and SDL_image's reason.
public struct MediaError: Error, CustomStringConvertible, Sendable {
    /// The file that could not be read or written.
    public var path: String
    /// Why, in SDL_image's words where it gave any.
    public var message: String
    /// An error for `path` with the reason `message`.
    public init(path: String, message: String) { self.path = path; self.message = message }
    /// `path: message`, the line the commands print.
    public var description: String { "\(path): \(message)" }
}

/// The last SDL_image error as a Swift string.
func imageError() -> String {
    guard let c = LK_IMG_GetError() else { return "unknown SDL_image error" }
    let s = String(cString: c)
    return s.isEmpty ? "unknown SDL_image error" : s
}
