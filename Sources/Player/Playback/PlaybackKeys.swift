// The keys of `play`'s window, from the key names the window hands a scene (SDL's names, with
// `Shift+` in front while Shift is held) to what they do. Keys the host keeps for itself
// (Escape, F, F1–F8, F11) are not taken here.

/// What a key or a control of `play` asks for.
public enum PlaybackCommand: Equatable, Sendable {
    case togglePlaying
    /// Pause and move this many frames (negative: back).
    case step(Int)
    case toStart, toEnd
    case toggleLoop
    case faster, slower
    case zoomIn, zoomOut, zoomToFit, actualSize
    case cycleBackground
    case nextFile, previousFile
}

/// The key map (see the file header).
public enum PlaybackKeys {
    /// The command of key `name` (SDL's name, `Shift+` prefixed while Shift is held), nil for
    /// keys `play` leaves alone.
    public static func command(forKey name: String) -> PlaybackCommand? {
        let shift = name.hasPrefix("Shift+") && name.count > 6
        let key = shift ? String(name.dropFirst(6)) : name
        switch key {
        case "Space": return .togglePlaying
        case "Right": return .step(shift ? 10 : 1)
        case "Left": return .step(shift ? -10 : -1)
        case "Home": return .toStart
        case "End": return .toEnd
        // `+` is Shift+= on most layouts; SDL names the key by its unshifted symbol.
        case "=", "+", "Keypad +": return .zoomIn
        case "-", "Keypad -": return .zoomOut
        case "0", "Keypad 0": return .zoomToFit
        case "1", "Keypad 1": return .actualSize
        case "B": return .cycleBackground
        case "L": return .toggleLoop
        case "]": return .faster
        case "[": return .slower
        case "PageDown": return .nextFile
        case "PageUp": return .previousFile
        default: return nil
        }
    }
}
