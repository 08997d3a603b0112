// zlib's deflate and CRC-32 for the PNG and APNG writer of `layerplay export`.
#include <zlib.h>
