// OWNER: player helper. Player: SDL window, display link, event loop, timings.
import LayerKit
