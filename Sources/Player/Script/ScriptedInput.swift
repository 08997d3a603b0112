// The steps of a scripted run (`--click`, `--key`, `--screenshot`, `--drop`; `press`, `drag` and
// `release` of a script file, a click taken apart so a pointer can drag), each at a time from
// the start, parsed from their command-line form.

import Raster

/// One step of a scripted run (`--click`, `--key`, `--screenshot`): something a person would
/// do, at a time in seconds from the start of the run.
public struct ScriptedInput: Sendable, Equatable {
    /// What happens at `time`.
    public enum Action: Sendable, Equatable {
        /// A left click (press and release) at a point, in points.
        case click(Point)
        /// The left button pressed at a point, the pointer moved there with it held, released
        /// there (a drag: `press`, `drag`…, `release`).
        case press(Point), drag(Point), release(Point)
        /// A key press, by SDL key name ("Escape", "Right", "F").
        case key(String)
        /// Save the window's pixels as PNG to this path.
        case screenshot(String)
        /// Drop this file on the window (as SDL_DROPFILE).
        case drop(String)
    }
    public var time: Double
    public var action: Action
    public init(time: Double, action: Action) {
        self.time = time
        self.action = action
    }

    /// Parses `T:X,Y` (`--click 1.0:100,100`).
    public static func click(_ text: String) throws(PlayerError) -> ScriptedInput {
        let (t, p) = try point(text, option: "--click")
        return ScriptedInput(time: t, action: .click(p))
    }

    /// Parses `T:X,Y` as a press, a drag or a release (`option` names it in refusals).
    public static func pointer(_ text: String, option: String, _ action: (Point) -> Action) throws(PlayerError) -> ScriptedInput {
        let (t, p) = try point(text, option: option)
        return ScriptedInput(time: t, action: action(p))
    }

    private static func point(_ text: String, option: String) throws(PlayerError) -> (Double, Point) {
        let (t, rest) = try split(text, option: option, form: "T:X,Y")
        let xy = rest.split(separator: ",", omittingEmptySubsequences: false)
        guard xy.count == 2, let x = Double(String(xy[0]).trimmingSpaces), let y = Double(String(xy[1]).trimmingSpaces),
              x.isFinite, y.isFinite else {
            throw PlayerError("\(option) \(text): expected T:X,Y with numbers, e.g. 1.0:100,100")
        }
        return (t, Point(x, y))
    }

    /// Parses `T:NAME` (`--key 2.5:Right`).
    public static func key(_ text: String) throws(PlayerError) -> ScriptedInput {
        let (t, name) = try split(text, option: "--key", form: "T:NAME")
        guard !name.isEmpty else { throw PlayerError("--key \(text): the key name is empty (e.g. 2.5:Right)") }
        return ScriptedInput(time: t, action: .key(name))
    }

    /// Parses `T:FILE.png` (`--screenshot 3:shot.png`).
    public static func screenshot(_ text: String) throws(PlayerError) -> ScriptedInput {
        let (t, path) = try split(text, option: "--screenshot", form: "T:FILE.png")
        guard !path.isEmpty else { throw PlayerError("--screenshot \(text): the file name is empty (e.g. 3:shot.png)") }
        return ScriptedInput(time: t, action: .screenshot(path))
    }

    /// Parses `T:FILE` (`--drop 2:other.json`).
    public static func drop(_ text: String) throws(PlayerError) -> ScriptedInput {
        let (t, path) = try split(text, option: "--drop", form: "T:FILE")
        guard !path.isEmpty else { throw PlayerError("--drop \(text): the file name is empty (e.g. 2:other.json)") }
        return ScriptedInput(time: t, action: .drop(path))
    }

    /// `T` and what follows the first colon; T must be a finite number ≥ 0.
    private static func split(_ text: String, option: String, form: String) throws(PlayerError) -> (Double, String) {
        guard let colon = text.firstIndex(of: ":") else {
            throw PlayerError("\(option) \(text): expected \(form)")
        }
        guard let t = Double(String(text[..<colon]).trimmingSpaces), t.isFinite, t >= 0 else {
            throw PlayerError("\(option) \(text): the time before ':' must be seconds ≥ 0")
        }
        return (t, String(text[text.index(after: colon)...]).trimmingSpaces)
    }
}
