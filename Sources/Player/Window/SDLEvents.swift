// SDL event plumbing: scripted clicks and keys pushed as real SDL events, and SDL events
// turned into InputEvents.

import CSDL2
import Raster

/// SDL event plumbing: scripted input becomes real SDL events (so it takes the same path as
/// a person's), and SDL events become `InputEvent`s.
enum SDLEvents {
    /// Pushes a left press and release at `point` (window points) for `windowID`.
    static func pushClick(at point: Point, windowID: UInt32) {
        for (type, state) in [(SDL_MOUSEBUTTONDOWN, SDL_PRESSED), (SDL_MOUSEBUTTONUP, SDL_RELEASED)] {
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

    /// Pushes a key press and release of the key SDL names `name`; false when SDL knows no
    /// such key.
    @discardableResult
    static func pushKey(named name: String, windowID: UInt32) -> Bool {
        let sym = SDL_GetKeyFromName(name)
        guard sym != Int32(SDLK_UNKNOWN.rawValue) else { return false }
        for (type, state) in [(SDL_KEYDOWN, SDL_PRESSED), (SDL_KEYUP, SDL_RELEASED)] {
            var e = SDL_Event()
            e.key.type = type.rawValue
            e.key.timestamp = SDL_GetTicks()
            e.key.windowID = windowID
            e.key.state = UInt8(state)
            e.key.keysym.sym = sym
            e.key.keysym.scancode = SDL_GetScancodeFromKey(sym)
            e.key.keysym.mod = 0
            SDL_PushEvent(&e)
        }
        return true
    }

    /// Whether SDL knows a key by this name.
    static func isKnownKey(_ name: String) -> Bool {
        SDL_GetKeyFromName(name) != Int32(SDLK_UNKNOWN.rawValue)
    }

    /// SDL's name for a key code ("Escape", "Left", "Space", "F").
    static func keyName(_ sym: SDL_Keycode) -> String {
        String(cString: SDL_GetKeyName(sym))
    }
}
