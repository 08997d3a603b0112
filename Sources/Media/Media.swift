// PNG in/out (SDL2_image) and text (SDL2_ttf); the only SDL use outside Player.
import CSDL2
import Raster
