// OWNER: gallery helper. The demos of demos.md and the gallery screen.
import LayerKit
import Player
