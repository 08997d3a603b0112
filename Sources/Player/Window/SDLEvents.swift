// SDL event plumbing: scripted clicks, keys and drops pushed as real SDL events, and SDL
// events turned into what the window does with them (InputEvents for the scene, quit,
// resize, expose). Key names are SDL's (SDL_GetKeyName), `Shift+` in front while Shift is held.

import CSDL2
import Raster

/// SDL event plumbing: scripted input becomes real SDL events (so it takes the same path as
/// a person's), and SDL events become `InputEvent`s.
enum SDLEvents {
    /// Pushes a left press and release at `point` (window points) for `windowID`.
    static func pushClick(at point: Point, windowID: UInt32) {
        pushButton(down: true, at: point, windowID: windowID)
        pushButton(down: false, at: point, windowID: windowID)
    }

    /// The left button pressed (or released) at `point`.
    static func pushButton(down: Bool, at point: Point, windowID: UInt32) {
        for (type, state) in [down ? (SDL_MOUSEBUTTONDOWN, SDL_PRESSED) : (SDL_MOUSEBUTTONUP, SDL_RELEASED)] {
            var e = SDL_Event()
            e.button.type = type.rawValue
            e.button.timestamp = SDL_GetTicks()
            e.button.windowID = windowID
            e.button.which = 0
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.state = UInt8(state)
            e.button.clicks = 1
            e.button.x = Int32(point.x.rounded())
            e.button.y = Int32(point.y.rounded())
            SDL_PushEvent(&e)
        }
    }

    /// The pointer moved to `point` with the left button held.
    static func pushDrag(to point: Point, windowID: UInt32) {
        var e = SDL_Event()
        e.motion.type = SDL_MOUSEMOTION.rawValue
        e.motion.timestamp = SDL_GetTicks()
        e.motion.windowID = windowID
        e.motion.which = 0
        e.motion.state = 1  // SDL_BUTTON_LMASK
        e.motion.x = Int32(point.x.rounded())
        e.motion.y = Int32(point.y.rounded())
        SDL_PushEvent(&e)
    }

    /// Pushes a key press and release of the key SDL names `name` (`Shift+NAME`: with the
    /// left Shift held); false when SDL knows no such key.
    @discardableResult
    static func pushKey(named name: String, windowID: UInt32) -> Bool {
        let (key, shift) = splitShift(name)
        let sym = SDL_GetKeyFromName(key)
        guard sym != Int32(SDLK_UNKNOWN.rawValue) else { return false }
        for (type, state) in [(SDL_KEYDOWN, SDL_PRESSED), (SDL_KEYUP, SDL_RELEASED)] {
            var e = SDL_Event()
            e.key.type = type.rawValue
            e.key.timestamp = SDL_GetTicks()
            e.key.windowID = windowID
            e.key.state = UInt8(state)
            e.key.keysym.sym = sym
            e.key.keysym.scancode = SDL_GetScancodeFromKey(sym)
            e.key.keysym.mod = shift ? UInt16(KMOD_LSHIFT.rawValue) : 0
            SDL_PushEvent(&e)
        }
        return true
    }

    /// Pushes an SDL_DROPFILE of `path`, as a file manager's drop arrives ("the file name is
    /// in UTF-8 encoding, you need to free this memory with SDL_free()": the copy is SDL's).
    static func pushDrop(path: String, windowID: UInt32) {
        let bytes = Array(path.utf8)
        guard let raw = SDL_malloc(bytes.count + 1) else { return }
        let copy = raw.bindMemory(to: CChar.self, capacity: bytes.count + 1)
        for (i, b) in bytes.enumerated() { copy[i] = CChar(bitPattern: b) }
        copy[bytes.count] = 0
        var e = SDL_Event()
        e.drop.type = SDL_DROPFILE.rawValue
        e.drop.timestamp = SDL_GetTicks()
        e.drop.windowID = windowID
        e.drop.file = copy
        if SDL_PushEvent(&e) != 1 { SDL_free(raw) }
    }

    /// `Shift+NAME` → (NAME, true); a bare name → (name, false).
    static func splitShift(_ name: String) -> (String, Bool) {
        name.hasPrefix("Shift+") && name.count > 6 ? (String(name.dropFirst(6)), true) : (name, false)
    }

    /// Whether SDL knows a key by this name (`Shift+` allowed in front).
    static func isKnownKey(_ name: String) -> Bool {
        SDL_GetKeyFromName(splitShift(name).0) != Int32(SDLK_UNKNOWN.rawValue)
    }

    /// SDL's name for a key code ("Escape", "Left", "Space", "F"), `Shift+` in front when
    /// `modifiers` hold a Shift.
    static func keyName(_ sym: SDL_Keycode, modifiers: UInt16 = 0) -> String {
        let name = String(cString: SDL_GetKeyName(sym))
        return (UInt32(modifiers) & KMOD_SHIFT.rawValue) != 0 ? "Shift+" + name : name
    }

    /// What one SDL event means to the window.
    enum Meaning {
        /// The close button, or Ctrl+Q (its wording for the verbose log).
        case quit(String)
        case resized
        /// Uncovered pixels hold nothing the window system kept: send everything.
        case exposed
        case pointerLeft
        /// Input for the scene; a key it does not consume goes to the host's own keys.
        case input(InputEvent)
        case ignored
    }

    /// Turns SDL events into `Meaning`s, keeping what spans events: whether the left button
    /// is down (motion while it is becomes a drag).
    struct Translator {
        var leftButtonDown = false

        mutating func translate(_ event: inout SDL_Event) -> Meaning {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                return .quit("quit")
            case SDL_WINDOWEVENT:
                let what = SDL_WindowEventID(UInt32(event.window.event))
                if what == SDL_WINDOWEVENT_SIZE_CHANGED || what == SDL_WINDOWEVENT_RESIZED { return .resized }
                if what == SDL_WINDOWEVENT_EXPOSED { return .exposed }
                if what == SDL_WINDOWEVENT_LEAVE { return .pointerLeft }
                return .ignored
            case SDL_KEYDOWN:
                let sym = event.key.keysym.sym
                let ctrl = (UInt32(event.key.keysym.mod) & KMOD_CTRL.rawValue) != 0
                if ctrl && sym == Int32(SDLK_q.rawValue) { return .quit("key Ctrl+Q") }
                return .input(.key(keyName(sym, modifiers: event.key.keysym.mod)))
            case SDL_MOUSEBUTTONDOWN:
                if event.button.button == UInt8(SDL_BUTTON_LEFT) { leftButtonDown = true }
                return .input(.mouseDown(Point(Double(event.button.x), Double(event.button.y))))
            case SDL_MOUSEBUTTONUP:
                if event.button.button == UInt8(SDL_BUTTON_LEFT) { leftButtonDown = false }
                return .input(.mouseUp(Point(Double(event.button.x), Double(event.button.y))))
            case SDL_MOUSEMOTION:
                let p = Point(Double(event.motion.x), Double(event.motion.y))
                return .input(leftButtonDown ? .mouseDragged(p) : .mouseMoved(p))
            case SDL_MOUSEWHEEL:
                // "direction: Set to one of the SDL_MOUSEWHEEL_* defines. When FLIPPED the
                // values in X and Y will be opposite. Multiply by -1 to change them back."
                let flip: Float = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
                let at = Point(Double(event.wheel.mouseX), Double(event.wheel.mouseY))
                return .input(.scrollWheel(dx: Double(event.wheel.preciseX * flip), dy: Double(event.wheel.preciseY * flip), at: at))
            case SDL_DROPFILE:
                guard let file = event.drop.file else { return .ignored }
                let path = String(cString: file)
                SDL_free(file)
                return .input(.fileDropped(path))
            default:
                return .ignored
            }
        }
    }
}
