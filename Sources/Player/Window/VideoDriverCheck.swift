// Whether SDL's video driver was chosen by the user or fell back silently. Without a display
// SDL 2 does not fail: with SDL_VIDEODRIVER unset it walks its driver list and ends on a
// driver that shows nothing (`offscreen`, `dummy`) or draws on the console (`evdev`), and a
// player started there runs for ever with no window. The rule: such a driver is accepted
// only when SDL_VIDEODRIVER names it; otherwise the start is refused with one line that says
// what happened and what to do.

/// The check the window host makes after `SDL_Init`: the driver SDL picked against the one
/// the user asked for.
public enum VideoDriverCheck {
    /// SDL's drivers that open no window on a desktop.
    public static let windowlessDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    /// The one-line refusal when `driver` is a windowless driver nobody asked for
    /// (`requested` is SDL_VIDEODRIVER, nil or empty when unset); nil when the run may go on.
    public static func refusal(driver: String, requested: String?) -> String? {
        guard windowlessDrivers.contains(driver.lowercased()) else { return nil }
        if let r = requested, !r.isEmpty { return nil }
        return "no display: SDL found no window system and fell back to its \(driver) driver, which shows nothing; "
            + "run under `xvfb-run -a`, or set SDL_VIDEODRIVER=offscreen to run without a window on purpose"
    }
}
