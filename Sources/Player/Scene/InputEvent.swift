// Input events as a scene receives them (points in window coordinates, SDL key names), and
// their wording in the verbose log.

import LayerKit
import Raster

/// One input event as a scene sees it: positions in points (window coordinates, y down), key
/// names as SDL spells them ("Escape", "Left", "Right", "Space", "F", "A", "Return"), with
/// `Shift+` in front while Shift is held ("Shift+Right").
public enum InputEvent: Equatable, Sendable {
    case mouseDown(Point)
    case mouseUp(Point)
    case mouseMoved(Point)
    case key(String)
    /// The pointer moved with the left button held (between a `mouseDown` and its `mouseUp`).
    case mouseDragged(Point)
    /// The wheel turned by (dx, dy) notches (y positive away from the user) with the pointer at a point.
    case scrollWheel(dx: Double, dy: Double, at: Point)
    /// A file was dropped on the window (SDL_DROPFILE), or the scripted step `drop`.
    case fileDropped(String)
}

extension InputEvent: CustomStringConvertible {
    /// The verbose log's wording: a press is logged as a `click`.
    public var description: String {
        func p(_ q: Point) -> String { "(\(fmt1(q.x)), \(fmt1(q.y)))" }
        switch self {
        case .mouseDown(let q): return "click \(p(q))"
        case .mouseUp(let q): return "release \(p(q))"
        case .mouseMoved(let q): return "move \(p(q))"
        case .key(let name): return "key \(name)"
        case .mouseDragged(let q): return "drag \(p(q))"
        case .scrollWheel(let dx, let dy, let q): return "wheel (\(fmt1(dx)), \(fmt1(dy))) at \(p(q))"
        case .fileDropped(let path): return "drop \(DocumentText.quoted(path))"
        }
    }
}

/// `12.0`, `100.5`: one decimal, as the verbose log prints points.
func fmt1(_ v: Double) -> String {
    let r = (v * 10).rounded() / 10
    return r == r.rounded() ? "\(Int(r)).0" : "\(r)"
}
