// The demos and the gallery screen.
import LayerKit
import Player
