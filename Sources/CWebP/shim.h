// libwebp's animated WebP encoder (WebPAnimEncoder, in libwebpmux) for `layerplay export
// OUT.webp`; the version-checking init macros as functions.
#include <webp/encode.h>
#include <webp/mux.h>

static inline int lk_webp_anim_options_init(WebPAnimEncoderOptions *o) { return WebPAnimEncoderOptionsInit(o); }
static inline WebPAnimEncoder *lk_webp_anim_new(int w, int h, const WebPAnimEncoderOptions *o) { return WebPAnimEncoderNew(w, h, o); }
static inline int lk_webp_config_init(WebPConfig *c) { return WebPConfigInit(c); }
static inline int lk_webp_picture_init(WebPPicture *p) { return WebPPictureInit(p); }
